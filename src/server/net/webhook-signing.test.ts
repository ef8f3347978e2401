// Both signature schemes of a delivery, against the Standard Webhooks reference vector and as receivers verify.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  signatureHeaders,
  standardWebhooksKey,
  standardWebhooksSignature,
  t49Signature,
  verifyStandardWebhooks,
  verifyT49Signature,
} from "./webhook-signing";

describe("webhook secrets", () => {
  it("are whsec_ + base64 of 32 random bytes, different every time", () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardWebhooksKey(a)).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

describe("Standard Webhooks signature", () => {
  it("matches the specification's reference vector", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(standardWebhooksSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("verifies with the decoded secret, and refuses a changed body, id, old timestamp or other secret", () => {
    const secret = generateWebhookSecret();
    const body = '{"data":{"id":"n1"}}';
    const h = signatureHeaders(secret, "n1", 1_800_000_000, body);
    const headers = {
      id: h["webhook-id"],
      timestamp: h["webhook-timestamp"],
      signature: h["webhook-signature"],
    };
    expect(verifyStandardWebhooks(secret, headers, body, 1_800_000_010)).toBe(true);
    expect(verifyStandardWebhooks(secret, headers, `${body} `, 1_800_000_010)).toBe(false);
    expect(verifyStandardWebhooks(secret, { ...headers, id: "n2" }, body, 1_800_000_010)).toBe(false);
    expect(verifyStandardWebhooks(secret, headers, body, 1_800_000_000 + 3600)).toBe(false);
    expect(verifyStandardWebhooks(generateWebhookSecret(), headers, body, 1_800_000_010)).toBe(false);
    // One valid signature among several (rotation) is enough.
    expect(
      verifyStandardWebhooks(
        secret,
        { ...headers, signature: `v1,AAAA ${headers.signature}` },
        body,
        1_800_000_010,
      ),
    ).toBe(true);
  });
});

describe("X-T49-Webhook-Signature", () => {
  it("is the hex HMAC-SHA256 of the raw body keyed with the secret string", () => {
    const secret = "whsec_abc";
    const body = '{"a":1}';
    const expected = createHmac("sha256", "whsec_abc").update(body).digest("hex");
    expect(t49Signature(secret, body)).toBe(expected);
    expect(verifyT49Signature(secret, body, expected)).toBe(true);
    expect(verifyT49Signature(secret, '{"a":2}', expected)).toBe(false);
    expect(verifyT49Signature(secret, body, undefined)).toBe(false);
  });
});
