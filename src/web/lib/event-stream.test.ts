// Unit tests of reading a text/event-stream body: fields, comments, line ends of every kind, chunks split anywhere.
import { describe, expect, it } from "vitest";
import { readEventStream, type StreamMessage } from "./event-stream";

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]): Promise<StreamMessage[]> {
  const messages: StreamMessage[] = [];
  await readEventStream(bodyOf(chunks), (m) => messages.push(m));
  return messages;
}

describe("readEventStream", () => {
  it("reads id, event and multi-line data, skips comments and empty messages", async () => {
    expect(await read([': ping\n\nid: 7\nevent: container.updated\ndata: {"a":1}\ndata: x\n\n\n'])).toEqual([
      { id: "7", event: "container.updated", data: '{"a":1}\nx' },
    ]);
  });

  it("takes CRLF and CR line ends, split across chunks anywhere, and names an unnamed event 'message'", async () => {
    const text = "data: one\r\n\r\nevent: e\rdata:two\r\r";
    const chunks = [...text].map((c) => c);
    expect(await read(chunks)).toEqual([
      { id: undefined, event: "message", data: "one" },
      { id: undefined, event: "e", data: "two" },
    ]);
  });
});
