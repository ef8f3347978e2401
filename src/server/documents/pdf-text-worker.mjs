// The PDF text reader's worker thread (started by pdf-text.ts with resource limits): reads one PDF at a time with
// PDF.js (unpdf's serverless build, no network, no install step) and answers each page's text as lines, top to
// bottom. Plain JavaScript, so that the same file runs under tsx, Vitest and the built service without a
// transform. A hostile file can only exhaust this thread: its heap is capped, its host watches the process's
// memory and the clock, and terminates it.
import { parentPort } from "node:worker_threads";
import { getDocumentProxy } from "unpdf";

/** The most text kept of one page: a page is a page of paperwork, not a book. */
const PAGE_TEXT_MAX = 100_000;

/** Lines of a page: items grouped by their baseline, top to bottom, left to right. */
function linesOf(items) {
  const rows = new Map();
  for (const item of items) {
    if (typeof item.str !== "string" || item.str.trim() === "") continue;
    const y = Math.round(item.transform[5]);
    const row = rows.get(y) ?? [];
    row.push({ x: item.transform[4], text: item.str });
    rows.set(y, row);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((p) => p.text)
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .join("\n");
}

async function read(bytes, maxPages) {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
    });
  } catch (error) {
    return { ok: false, reason: error?.name === "PasswordException" ? "encrypted" : "unreadable" };
  }
  try {
    if (pdf.numPages > maxPages) return { ok: false, reason: "too_many_pages", pageCount: pdf.numPages };
    const pages = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(linesOf(content.items).slice(0, PAGE_TEXT_MAX));
      page.cleanup();
    }
    return { ok: true, pages, pageCount: pdf.numPages };
  } catch (error) {
    return { ok: false, reason: error?.name === "PasswordException" ? "encrypted" : "unreadable" };
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

parentPort.on("message", async (message) => {
  const answer = await read(message.bytes, message.maxPages).catch(() => ({
    ok: false,
    reason: "unreadable",
  }));
  parentPort.postMessage({ id: message.id, ...answer });
});

/**
 * A one-page PDF with one word, read once at start: PDF.js sets up its parser and text layer on its first file, and
 * that is the thread's cost, not the first real file's. pdf.js rebuilds the cross-reference table this omits.
 */
const WARM_UP = new TextEncoder().encode(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R",
    "/Resources << /Font << /F1 5 0 R >> >> >> endobj",
    "4 0 obj << /Length 36 >> stream",
    "BT /F1 12 Tf 20 100 Td (ready) Tj ET",
    "endstream endobj",
    "5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
  ].join("\n"),
);
await read(WARM_UP.buffer, 1);

// Ready: the host takes its measure of the process's memory from here, so that a file is not charged for the
// thread's own start (a new isolate, PDF.js and its first parse: 15 to 30 MB).
parentPort.postMessage({ ready: true });
