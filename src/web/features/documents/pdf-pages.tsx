// A PDF's pages drawn on canvases by PDF.js (unpdf's build, the same library the service reads text with). Loaded
// only on a document's page (React.lazy in file-view.tsx): PDF.js is over a megabyte, and no other page needs it.
import { useEffect, useRef, useState } from "react";

/** Pages drawn at most: a document page is for paperwork, not for books. */
const MAX_PAGES = 20;

export default function PdfPages({ bytes, name }: { bytes: Uint8Array; name: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; error?: string }>({ pages: 0 });

  useEffect(() => {
    let cancelled = false;
    const host = container.current;
    if (!host) return;
    host.replaceChildren();
    (async () => {
      const { getDocumentProxy } = await import("unpdf");
      // A copy: PDF.js takes the buffer over, and the cached bytes must stay whole for the next visit.
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false });
      const count = Math.min(pdf.numPages, MAX_PAGES);
      for (let n = 1; n <= count && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const viewport = page.getViewport({ scale: 1.5 });
        const canvas = document.createElement("canvas");
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.className = "w-full rounded border border-slate-200 bg-white dark:border-slate-700";
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", `${name}, page ${n} of ${pdf.numPages}`);
        host.appendChild(canvas);
        const context = canvas.getContext("2d");
        if (context) await page.render({ canvasContext: context, viewport, canvas } as never).promise;
      }
      if (!cancelled) setState({ pages: pdf.numPages });
      await pdf.destroy();
    })().catch(() => {
      if (!cancelled) setState({ pages: 0, error: "This PDF could not be shown." });
    });
    return () => {
      cancelled = true;
    };
  }, [bytes, name]);

  return (
    <div>
      <div ref={container} className="space-y-4" />
      {state.error ? <p className="text-sm text-red-700 dark:text-red-300">{state.error}</p> : null}
      {state.pages > MAX_PAGES ? (
        <p className="mt-2 text-sm text-(--muted-text)">
          The first {MAX_PAGES} of {state.pages} pages are shown.
        </p>
      ) : null}
    </div>
  );
}
