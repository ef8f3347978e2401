// Where files are dropped (or chosen) to become documents: several at once, each uploaded on its own with a
// progress bar and its outcome (read next, or why the service refused it), announced to screen readers.
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type DragEvent, useId, useRef, useState } from "react";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from "../../../api/document-types";
import { buttonClass } from "../../components/button";
import { describeError } from "../../lib/api-client";
import { documentKeys, uploadDocument } from "./queries";

interface Upload {
  key: string;
  name: string;
  share: number;
  state: "sending" | "done" | "failed";
  documentId?: string;
  error?: string;
}

export function UploadZone() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  function send(files: FileList | File[]) {
    const list = [...files];
    const fresh = list.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      share: 0,
      state: "sending" as const,
    }));
    setUploads((current) => [...fresh, ...current].slice(0, 30));
    list.forEach((file, i) => {
      const key = fresh[i]!.key;
      if (file.size > DOCUMENT_MAX_BYTES) {
        update(key, { state: "failed", error: `Larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.` });
        return;
      }
      uploadDocument(file, (share) => update(key, { share }))
        .then((document) => {
          update(key, { state: "done", share: 1, documentId: document.id });
          return queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
        })
        .catch((error) => update(key, { state: "failed", error: describeError(error) }));
    });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) send(event.dataTransfer.files);
  }

  return (
    <section aria-labelledby="upload-heading" className="mb-8">
      <h2 id="upload-heading" className="sr-only">
        Upload documents
      </h2>
      {/* The drop target (a named section is a region landmark); the button inside is the keyboard's way in. */}
      <section
        aria-label="Drop documents here"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center ${
          over ? "border-sky-600 bg-sky-50 dark:bg-sky-950" : "border-slate-300 dark:border-slate-600"
        }`}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Drop bills of lading, arrival notices and other paperwork here, or
        </p>
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          Choose files
        </button>
        <p id={hintId} className="text-xs text-(--muted-text)">
          PDF, PNG, JPEG or .eml, up to {DOCUMENT_MAX_BYTES / 1024 / 1024} MB each. Scans and photos are kept
          but not read: there is no OCR here.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          aria-label="Files to upload"
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) send(event.target.files);
            event.target.value = "";
          }}
        />
      </section>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" aria-live="polite" className="mt-4 space-y-2">
          {uploads.map((u) => (
            <li
              key={u.key}
              className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-all font-medium text-slate-900 dark:text-slate-100">
                  {u.name}
                </span>
                <span
                  className={
                    u.state === "failed"
                      ? "text-red-700 dark:text-red-300"
                      : "text-slate-700 dark:text-slate-300"
                  }
                >
                  {u.state === "sending" ? (
                    `${Math.round(u.share * 100)}%`
                  ) : u.state === "done" && u.documentId ? (
                    <Link
                      to="/documents/$documentId"
                      params={{ documentId: u.documentId }}
                      className="underline"
                    >
                      Uploaded: open
                    </Link>
                  ) : (
                    `Not uploaded: ${u.error ?? ""}`
                  )}
                </span>
              </div>
              {u.state === "sending" ? (
                <progress
                  className="mt-2 h-1.5 w-full"
                  max={1}
                  value={u.share}
                  aria-label={`Uploading ${u.name}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
