// The file of a document, on the left of its page: a PDF's pages (PDF.js, loaded for this page only), an image
// turned by its rotation with buttons to turn it (for the roles that may track), or for an email a note that its
// text was read.
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo } from "react";
import type { Document } from "../../../api/documents";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { documentFileQuery, useDocumentActionMutation } from "./queries";

const PdfPages = lazy(() => import("./pdf-pages"));

export function FileView({ document }: { document: Document }) {
  const a = document.attributes;
  const file = useQuery(documentFileQuery(document.id));
  const rotate = useDocumentActionMutation(document.id);
  const type = a.file_content_type ?? "";
  const imageUrl = useMemo(
    () =>
      file.data && type.startsWith("image/")
        ? URL.createObjectURL(new Blob([new Uint8Array(file.data)], { type }))
        : undefined,
    [file.data, type],
  );
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  return (
    <section aria-labelledby="file-heading" className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="file-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          File
        </h2>
        {type.startsWith("image/") ? (
          <Allowed permission="track" what="Turning the image">
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonClass()}
                disabled={rotate.isPending}
                onClick={() => rotate.mutate({ kind: "rotate", degrees: 270 })}
              >
                Rotate left
              </button>
              <button
                type="button"
                className={buttonClass()}
                disabled={rotate.isPending}
                onClick={() => rotate.mutate({ kind: "rotate", degrees: 90 })}
              >
                Rotate right
              </button>
            </div>
          </Allowed>
        ) : null}
      </div>
      {file.isPending ? (
        <p className="text-sm text-(--muted-text)">Loading the file…</p>
      ) : file.isError ? (
        <p className="text-sm text-red-700 dark:text-red-300">
          The file could not be loaded: {file.error.message}
        </p>
      ) : type === "application/pdf" ? (
        <Suspense fallback={<p className="text-sm text-(--muted-text)">Loading the PDF viewer…</p>}>
          <PdfPages bytes={file.data} name={a.name} />
        </Suspense>
      ) : imageUrl ? (
        <div className="overflow-hidden rounded border border-slate-200 bg-white p-2 dark:border-slate-700">
          <img
            src={imageUrl}
            alt={`${a.name}, turned ${a.rotation} degrees`}
            className="mx-auto max-h-[70vh] max-w-full transition-transform"
            style={{ transform: `rotate(${a.rotation}deg)` }}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          An email ({a.file_name}): its subject and text were read; attachments of a forwarded .eml are not
          split out.
        </p>
      )}
    </section>
  );
}
