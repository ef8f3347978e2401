// Runs the receiver code the dashboard shows, as written, to prove it verifies what the service sends: the
// Standard Webhooks specification's reference vector, and the hex HMAC of the body for X-T49-Webhook-Signature.
import { createHmac, timingSafeEqual } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAME_TEXT_RECIPE, STANDARD_WEBHOOKS_RECIPE, T49_RECIPE } from "./signature-recipes";

type Headers = Record<string, string | undefined>;
type Verify = (secret: string, rawBody: string, headers: Headers) => boolean;

/** The recipes compiled with what their import line brings. */
function compile(): { t49: Verify; standard: Verify } {
  const make = new Function(
    "createHmac",
    "timingSafeEqual",
    "Buffer",
    `${SAME_TEXT_RECIPE}\n${T49_RECIPE}\n${STANDARD_WEBHOOKS_RECIPE}\nreturn { t49: verifyT49Signature, standard: verifyStandardWebhooks };`,
  ) as (...deps: unknown[]) => { t49: Verify; standard: Verify };
  return make(createHmac, timingSafeEqual, Buffer);
}

afterEach(() => vi.useRealTimers());

describe("the Standard Webhooks recipe", () => {
  // From the Standard Webhooks specification's test vectors.
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"test": 2432232314}';
  const headers = {
    "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "webhook-timestamp": "1614265330",
    "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  };

  it("accepts the reference vector within five minutes of its timestamp", () => {
    vi.useFakeTimers({ now: 1614265330_000 + 299_000 });
    expect(compile().standard(secret, body, headers)).toBe(true);
  });

  it("accepts one matching signature among several", () => {
    vi.useFakeTimers({ now: 1614265330_000 });
    const several = { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` };
    expect(compile().standard(secret, body, several)).toBe(true);
  });

  it("refuses a changed body or id, an old or missing timestamp, and another secret", () => {
    vi.useFakeTimers({ now: 1614265330_000 });
    const { standard } = compile();
    expect(standard(secret, `${body} `, headers)).toBe(false);
    expect(standard(secret, body, { ...headers, "webhook-id": "msg_other" })).toBe(false);
    expect(standard(secret, body, { ...headers, "webhook-timestamp": undefined })).toBe(false);
    expect(standard("whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", body, headers)).toBe(false);
    vi.setSystemTime(1614265330_000 + 301_000);
    expect(standard(secret, body, headers)).toBe(false);
  });
});

describe("the X-T49-Webhook-Signature recipe", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"data":{"type":"webhook_notification"}}';
  // Computed here independently: hex HMAC-SHA256 of the body, keyed with the secret's UTF-8 bytes, prefix included.
  const signature = createHmac("sha256", Buffer.from(secret, "utf8")).update(body, "utf8").digest("hex");

  it("accepts the hex HMAC of the raw body keyed with the whole secret", () => {
    expect(compile().t49(secret, body, { "x-t49-webhook-signature": signature })).toBe(true);
  });

  it("refuses a changed body, a missing header, and a key without the whsec_ prefix", () => {
    const { t49 } = compile();
    expect(t49(secret, `${body}\n`, { "x-t49-webhook-signature": signature })).toBe(false);
    expect(t49(secret, body, {})).toBe(false);
    expect(t49(secret.slice("whsec_".length), body, { "x-t49-webhook-signature": signature })).toBe(false);
  });
});
