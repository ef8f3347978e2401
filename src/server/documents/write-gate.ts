// At most a few upload writes in the database at once. The embedded database runs one statement at a time, in
// order: ten uploads at once would put ten writes ahead of every other request's read (the shipments list waited
// half a second behind a batch of uploads). Gated, each read waits behind at most `permits` upload writes; on
// PostgreSQL it costs nothing that matters, uploads being a few statements each. (On PGlite the bytes are files
// now, blob-store.ts, which the gate only paces.)
export type WriteGate = <T>(write: () => Promise<T>) => Promise<T>;

export function writeGate(permits: number): WriteGate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (write) => {
    if (active >= permits) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await write();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export const ungated: WriteGate = (write) => write();
