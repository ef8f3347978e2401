// The notification signature: a publisher's signature over the exact bytes passes; a changed byte, another
// secret, a missing or malformed header and another algorithm do not.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkNotificationSignature, signNotification } from "./notification-signature";

const secret = randomBytes(32);
const body = Buffer.from('[{"eventType":"TRANSPORT","eventClassifierCode":"ACT"}]\n', "utf8");

describe("the notification signature", () => {
  it("is sha256= and the hex of HMAC-SHA256 over the body under the secret", () => {
    const expected = createHmac("sha256", secret).update(body).digest("hex");
    expect(signNotification(secret, body)).toBe(`sha256=${expected}`);
  });

  it("accepts the publisher's signature, with upper-case hex and surrounding spaces as the yaml allows", () => {
    const header = signNotification(secret, body);
    expect(checkNotificationSignature(header, secret, body)).toEqual({
      ok: true,
    });
    const [, hex] = header.split("=");
    expect(checkNotificationSignature(`  sha256=${hex!.toUpperCase()} `, secret, body)).toEqual({ ok: true });
  });

  it("refuses a body changed by one byte, even only its whitespace", () => {
    const header = signNotification(secret, body);
    const changed = Buffer.from(body);
    changed[changed.length - 1] = 0x20;
    expect(checkNotificationSignature(header, secret, changed)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses a signature made with another secret", () => {
    const header = signNotification(randomBytes(32), body);
    expect(checkNotificationSignature(header, secret, body)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses a missing or empty header", () => {
    expect(checkNotificationSignature(undefined, secret, body)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(checkNotificationSignature("  ", secret, body)).toEqual({
      ok: false,
      reason: "missing",
    });
  });

  it("refuses another algorithm, even with a correct digest of that algorithm", () => {
    const sha1 = createHmac("sha1", secret).update(body).digest("hex");
    expect(checkNotificationSignature(`sha1=${sha1}`, secret, body)).toEqual({
      ok: false,
      reason: "unsupported_algorithm",
    });
    // A bare hash (no secret) is not a signature either.
    const plain = createHash("sha256").update(body).digest("hex");
    expect(checkNotificationSignature(`sha256=${plain}`, secret, body)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses malformed values: no algorithm, non-hex, a truncated digest", () => {
    const [, hex] = signNotification(secret, body).split("=");
    expect(checkNotificationSignature(hex, secret, body)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(checkNotificationSignature("sha256=xyz", secret, body)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(checkNotificationSignature(`sha256=${hex!.slice(2)}`, secret, body)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(checkNotificationSignature(`Signature sha256=${hex}`, secret, body)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
