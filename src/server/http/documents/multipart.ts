// Reads a multipart/form-data upload as a stream (busboy): the `file` part goes straight to the caller's store
// as it arrives, small text fields (`name`) are kept, anything else is skipped. When the store refuses the file
// (too large, the wrong type) the request body is not read on: the source is destroyed, and the answer (413/422)
// goes out with `Connection: close`.
import { Readable } from "node:stream";
import { Busboy } from "@fastify/busboy";

export interface MultipartFile {
  filename: string;
  mimeType: string;
  stream: AsyncIterable<Uint8Array>;
}

export interface MultipartResult<T> {
  fields: Record<string, string>;
  file: T | undefined;
}

/** Thrown for a body that is not well-formed multipart; the handler answers 400. */
export class MalformedMultipart extends Error {}

export function readMultipart<T>(
  request: Request,
  onFile: (file: MultipartFile) => Promise<T>,
  stopEarly: (result: T) => boolean,
): Promise<MultipartResult<T>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: { files: 1, fields: 8, fieldSize: 4096, parts: 10, headerPairs: 20 },
      });
    } catch {
      reject(new MalformedMultipart("The body is not multipart/form-data with a boundary."));
      return;
    }
    const source = request.body
      ? Readable.fromWeb(request.body as Parameters<typeof Readable.fromWeb>[0])
      : Readable.from([]);
    let file: Promise<T> | undefined;
    let done = false;
    const finish = (value: MultipartResult<T> | Error) => {
      if (done) return;
      done = true;
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    busboy.on("file", (name, stream, filename, _encoding, mimeType) => {
      if (name !== "file" || file) {
        stream.resume();
        return;
      }
      file = onFile({ filename: filename || "document", mimeType, stream });
      file.then(
        (result) => {
          if (!stopEarly(result)) return;
          source.unpipe(busboy);
          source.destroy();
          finish({ fields, file: result });
        },
        (error) => {
          source.destroy();
          finish(error instanceof Error ? error : new Error("upload failed"));
        },
      );
    });
    busboy.on("field", (name, value) => {
      fields[name] = value;
    });
    busboy.on("finish", () => {
      if (!file) return finish({ fields, file: undefined });
      file.then(
        (result) => finish({ fields, file: result }),
        () => {},
      );
    });
    busboy.on("error", () => finish(new MalformedMultipart("The multipart body is malformed.")));
    source.on("error", () => finish(new MalformedMultipart("The upload was cut short.")));
    source.pipe(busboy);
  });
}
