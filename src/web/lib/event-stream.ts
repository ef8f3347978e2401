// Reads a `text/event-stream` body (the HTML standard's format) into messages, for the one stream a tab signed in
// with an API key reads with fetch (EventSource cannot send `Authorization`). A person's tab uses EventSource.

export interface StreamMessage {
  /** The message's `id:` field, when it has one. */
  id: string | undefined;
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
}

/** Calls `onMessage` for each message until the body ends (resolves) or fails (rejects). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: StreamMessage) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | undefined;

  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onMessage({ id, event: event || "message", data: data.join("\n") });
      data = [];
      event = "";
      id = undefined;
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
  };

  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      // The lone CR that waited for an LF was a line end after all.
      if (buffer.endsWith("\r")) line(buffer.slice(0, -1));
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
      if (end === -1 || (end === buffer.length - 1 && buffer[end] === "\r")) break;
      const width = buffer.startsWith("\r\n", end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + width);
    }
  }
}
