// Runs one export at a time for a page: its progress for the progress bar, cancel, and the file handed to the browser
// as a download when it is done.
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "../lib/api-client";
import type { PagesProgress } from "../lib/export-pages";
import { showToast } from "./toaster";

export type ExportState =
  | { kind: "idle" }
  | { kind: "running"; progress: PagesProgress | null }
  | { kind: "done"; rows: number; fileName: string };

/** Hands a file to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExport() {
  const [state, setState] = useState<ExportState>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops an export still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (
      run: (options: {
        signal: AbortSignal;
        onProgress: (progress: PagesProgress) => void;
      }) => Promise<{ blob: Blob; rows: number }>,
      fileName: string,
    ) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ kind: "running", progress: null });
      try {
        const { blob, rows } = await run({
          signal: own.signal,
          onProgress: (progress) => setState({ kind: "running", progress }),
        });
        if (own.signal.aborted) return;
        downloadBlob(blob, fileName);
        setState({ kind: "done", rows, fileName });
      } catch (error) {
        if (own.signal.aborted) {
          setState({ kind: "idle" });
          return;
        }
        setState({ kind: "idle" });
        showToast({ kind: "error", title: "The export stopped", message: describeError(error) });
      } finally {
        if (controller.current === own) controller.current = null;
      }
    },
    [],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ kind: "idle" });
  }, []);

  return { state, start, cancel };
}
