// Service tests: a request body over the 1 MB limit is refused with a 413 as soon as the limit is passed, chunked
// or not, and the rest of it is never read (a client cannot make the service hold more than the limit).
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/service-harness";
import { MAX_BODY_BYTES } from "./middleware";

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  key = (await h.newAccount("Big Bodies Co")).apiKey;
});
afterAll(() => h.close());

const CHUNK = 64 * 1024;

/** A body of `total` bytes of JSON-ish text in 64 KB chunks, counting how many chunks were asked for. */
function countedStream(total: number) {
  const counter = { pulls: 0 };
  const chunk = new TextEncoder().encode(" ".repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulls += 1;
      if (counter.pulls * CHUNK > total) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describe("a body over the limit", () => {
  it("sent as a stream (chunked) is a 413 after about the limit's worth of chunks, not the whole body", async () => {
    const { stream, counter } = countedStream(64 * 1024 * 1024);
    const response = await h.request(key, "/v2/webhooks", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body.errors[0]).toMatchObject({
      status: "413",
      code: "body_too_large",
    });
    // 16 chunks make the limit; a few more may be buffered ahead by the stream, never the 1,024 of the body.
    expect(counter.pulls).toBeLessThanOrEqual(MAX_BODY_BYTES / CHUNK + 4);
  });

  it("with a Content-Length over the limit is a 413 without reading any of it", async () => {
    const { stream, counter } = countedStream(2 * MAX_BODY_BYTES);
    const response = await h.request(key, "/v2/webhooks", {
      method: "POST",
      body: stream,
      headers: {
        "content-type": "application/json",
        "content-length": String(2 * MAX_BODY_BYTES),
      },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(counter.pulls).toBeLessThanOrEqual(1);
  });

  it("under the limit, streamed, is read whole and handled", async () => {
    const json = JSON.stringify({
      data: { type: "webhook", attributes: { url: "https://h.example.com/x" } },
    });
    const bytes = new TextEncoder().encode(json);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const response = await h.request(key, "/v2/webhooks", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    // The body arrived whole: the answer is about its content (events missing), not its size or syntax.
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(
      "/data/attributes/events",
    );
  });

  it("over a socket, chunked, is answered 413 while the client is still sending", async () => {
    const server = createServer(getRequestListener(h.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const total = 64 * 1024 * 1024;
    try {
      const { status, sentWhenAnswered } = await new Promise<{
        status: number;
        sentWhenAnswered: number;
      }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/v2/webhooks",
          headers: {
            authorization: `Token ${key}`,
            "content-type": "application/json",
          },
        });
        req.on("response", (res) => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, sentWhenAnswered: sent });
          res.resume();
          req.destroy();
        });
        req.on("error", (error) => {
          if (!answered) reject(error);
        });
        const chunk = Buffer.alloc(CHUNK, 0x20);
        const write = () => {
          while (!answered && sent < total) {
            sent += CHUNK;
            if (!req.write(chunk)) return void req.once("drain", write);
          }
          if (!answered) req.end();
        };
        write();
      });
      expect(status).toBe(413);
      expect(sentWhenAnswered).toBeLessThan(total);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
