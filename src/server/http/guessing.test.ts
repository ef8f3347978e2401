// Service tests of guessing limits: failed sign-ins per email and per address with growing delays (429 and
// Retry-After, in the database), the same answer in about the same time for an unknown email and a wrong
// password, and the failed-key limiter no longer locking out valid keys and sessions that share an address.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signInFailures } from "../db/schema";
import { addPerson, asPerson, signIn, TEST_PASSWORD } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";

let h: Harness;
let accountId: string;
let apiKey: string;

/** Sign-ins reach the library with the client's address in our header; the tests pick the address. */
const from = (address: string) => ({ "x-forwarded-for": address });

beforeAll(async () => {
  h = await createHarness({ failedAuthLimitPerMinute: 20, config: { trustProxy: true } });
  ({
    account: { id: accountId },
    apiKey,
  } = await h.newAccount("Guessed Co"));
  await addPerson(h, accountId, { email: "gail@guessed.example", role: "member" });
  await addPerson(h, accountId, { email: "hal@guessed.example", role: "member" });
});
afterAll(() => h.close());
// Each test starts with no failures recorded, also after one that failed half way.
afterEach(() => h.db.delete(signInFailures));

describe("sign-in guessing limits", () => {
  it("answers an unknown email and a wrong password the same, in about the same time", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const { response } = await signIn(h, email, "not the password at all", from("203.0.113.9"));
      return { ms: performance.now() - started, status: response.status, body: await response.json() };
    };
    // Warm both paths once (the first scrypt and queries compile), then compare medians.
    await time("nobody@guessed.example");
    await time("hal@guessed.example");
    const unknown: number[] = [];
    const wrong: number[] = [];
    let answers: unknown[] = [];
    // Five pairs, alternating: on a busy machine one slow answer must not decide the comparison.
    for (let i = 0; i < 5; i += 1) {
      const a = await time(`nobody${i}@guessed.example`);
      const b = await time("hal@guessed.example");
      unknown.push(a.ms);
      wrong.push(b.ms);
      answers = [a.status, a.body, b.status, b.body];
    }
    expect(answers[0]).toBe(401);
    expect(answers[2]).toBe(401);
    expect(answers[1]).toEqual(answers[3]);
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
    console.log(
      `sign-in failure, median of 5: unknown email ${median(unknown).toFixed(0)} ms, wrong password ${median(wrong).toFixed(0)} ms`,
    );
    // The library hashes a dummy password for an unknown email: neither answer is much faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
    expect(median(wrong)).toBeGreaterThan(median(unknown) * 0.4);
  });

  it("holds an email back with growing delays after five failures, even with the right password", async () => {
    for (let i = 0; i < 5; i += 1)
      expect(
        (await signIn(h, "gail@guessed.example", "wrong guess number", from(`198.51.100.${i}`))).response
          .status,
      ).toBe(401);
    const sixth = await signIn(h, "gail@guessed.example", "wrong guess number", from("198.51.100.6"));
    expect(sixth.response.status).toBe(401);
    const held = await signIn(h, "gail@guessed.example", TEST_PASSWORD, from("198.51.100.7"));
    expect(held.response.status).toBe(429);
    expect(Number(held.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const rows = await h.db.select().from(signInFailures);
    const email = rows.find((r) => r.key.startsWith("email:"))!;
    const first = email.blockedUntil!.getTime() - email.lastFailureAt.getTime();
    // One more failure once the hold is over doubles the wait.
    await h.db.update(signInFailures).set({ blockedUntil: null });
    await signIn(h, "gail@guessed.example", "wrong guess number", from("198.51.100.8"));
    const [after] = (await h.db.select().from(signInFailures)).filter((r) => r.key === email.key);
    expect(after!.blockedUntil!.getTime() - after!.lastFailureAt.getTime()).toBe(first * 2);
    // Another person from the same addresses is not held back by gail's email.
    expect(
      (await signIn(h, "hal@guessed.example", TEST_PASSWORD, from("198.51.100.9"))).response.status,
    ).toBe(200);
    await h.db.delete(signInFailures);
  });

  it("holds an address back after twenty failures, whatever the emails", async () => {
    for (let i = 0; i < 21; i += 1)
      await signIn(h, `spray${i}@guessed.example`, "wrong guess number", from("192.0.2.50"));
    const held = await signIn(h, "hal@guessed.example", TEST_PASSWORD, from("192.0.2.50"));
    expect(held.response.status).toBe(429);
    expect((await signIn(h, "hal@guessed.example", TEST_PASSWORD, from("192.0.2.51"))).response.status).toBe(
      200,
    );
    await h.db.delete(signInFailures);
  });
});

describe("the failed-key limiter", () => {
  it("no longer blocks a valid key or session from an address that a flood of bad keys filled", async () => {
    const { cookie } = await signIn(h, "hal@guessed.example", TEST_PASSWORD, from("10.9.9.9"));
    // Both seen valid before the flood (keys and sessions in use are).
    expect((await h.request(apiKey, "/v2/shipments", { headers: from("10.9.9.9") })).status).toBe(200);
    expect((await asPerson(h, cookie, "/v2/shipments", { headers: from("10.9.9.9") })).status).toBe(200);
    for (let i = 0; i < 25; i += 1)
      await h.request(`trk_bad${i}`, "/v2/shipments", { headers: from("10.9.9.9") });
    const bad = await h.request("trk_badder", "/v2/shipments", { headers: from("10.9.9.9") });
    expect(bad.status).toBe(429);
    expect((await h.request(apiKey, "/v2/shipments", { headers: from("10.9.9.9") })).status).toBe(200);
    expect((await asPerson(h, cookie, "/v2/shipments", { headers: from("10.9.9.9") })).status).toBe(200);
  });
});
