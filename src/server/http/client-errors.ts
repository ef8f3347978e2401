// Answers to requests Node's HTTP parser refuses before the app sees them (a URL or headers over Node's 16 KB,
// a malformed request line): a JSON:API error document like every other answer, instead of Node's bare status
// line with no body.
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { errorObject } from "./errors";

/** Node's limit on a request's line and headers together (its default `maxHeaderSize`). */
export const MAX_HEADER_BYTES = 16 * 1024;

function answer(socket: Duplex, status: 400 | 431, code: string, detail: string) {
  const body = JSON.stringify({ errors: [errorObject(status, { code, detail })] });
  const reason = status === 431 ? "Request Header Fields Too Large" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/vnd.api+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function answerClientErrors(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection reset or a socket already written to has nobody left to answer.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === "HPE_HEADER_OVERFLOW") {
      answer(
        socket,
        431,
        "request_too_large",
        `The URL and headers together are over ${MAX_HEADER_BYTES / 1024} KB; shorten the query (page through a list instead of naming everything in one filter).`,
      );
      return;
    }
    answer(socket, 400, "bad_request", "The request could not be parsed as HTTP/1.1.");
  });
}
