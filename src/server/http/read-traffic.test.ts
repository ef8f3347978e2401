// Unit tests of the reads in flight that background work lets go first: a read is counted from its arrival until
// its answer is made, writes and the live stream are not, `quiet` waits for the last read or its limit, and the
// documents' upload gate asks it before each write.
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeGate } from "../documents/write-gate";
import type { AppEnv } from "./env";
import { ReadTraffic } from "./read-traffic";

/** An app whose one route answers when the test says so. */
function appWith(traffic: ReadTraffic) {
  const app = new Hono<AppEnv>();
  app.use("/v2/*", traffic.middleware());
  const pending: (() => void)[] = [];
  const held = async () => {
    await new Promise<void>((resolve) => pending.push(resolve));
    return new Response("ok");
  };
  app.get("/v2/shipments", held);
  app.post("/v2/shipments", held);
  app.get("/v2/stream", held);
  return { app, answer: () => pending.shift()?.(), waiting: () => pending.length };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("the reads in flight", () => {
  it("counts a read until it is answered, and neither writes nor the live stream", async () => {
    const traffic = new ReadTraffic();
    const { app, answer, waiting } = appWith(traffic);
    const read = app.request("http://localhost/v2/shipments");
    const write = app.request("http://localhost/v2/shipments", { method: "POST" });
    const stream = app.request("http://localhost/v2/stream");
    while (waiting() < 3) await tick();
    expect(traffic.inFlight).toBe(1);
    answer();
    answer();
    answer();
    await Promise.all([read, write, stream]);
    expect(traffic.inFlight).toBe(0);
  });

  it("lets quiet() go on at once when nothing is read, else when the last read is answered", async () => {
    const traffic = new ReadTraffic();
    await traffic.quiet(10_000);
    const { app, answer, waiting } = appWith(traffic);
    const reads = [
      app.request("http://localhost/v2/shipments"),
      app.request("http://localhost/v2/shipments"),
    ];
    while (waiting() < 2) await tick();
    let done = false;
    const quiet = traffic.quiet(10_000).then(() => {
      done = true;
    });
    answer();
    await reads[0];
    await tick();
    expect(done).toBe(false);
    answer();
    await Promise.all([...reads, quiet]);
    expect(done).toBe(true);
  });

  it("lets quiet() go on after its limit while reads go on, so background work is never starved", async () => {
    vi.useFakeTimers();
    const traffic = new ReadTraffic();
    const { app, answer, waiting } = appWith(traffic);
    const read = app.request("http://localhost/v2/shipments");
    while (waiting() < 1) await vi.advanceTimersByTimeAsync(0);
    let done = false;
    const quiet = traffic.quiet(250).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await quiet;
    expect(done).toBe(true);
    answer();
    await read;
  });

  it("holds an upload's write until the reads that came first are answered", async () => {
    const traffic = new ReadTraffic();
    const { app, answer, waiting } = appWith(traffic);
    const read = app.request("http://localhost/v2/shipments");
    while (waiting() < 1) await tick();
    const order: string[] = [];
    const gate = writeGate(2, () => traffic.quiet(10_000));
    const write = gate(async () => {
      order.push("write");
    });
    await tick();
    order.push("read answered");
    answer();
    await Promise.all([read, write]);
    expect(order).toEqual(["read answered", "write"]);
  });
});
