// The sign-in service's answers in the dashboard's words: the library's machine codes become sentences that say
// what to do, a wrong email or password keeps its own, and the setup key is read from an otpauth address.
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthError, authPost, setupKeyOf, startTwoFactor } from "./auth-client";

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe("authPost", () => {
  it("says a wrong two-factor code in words, not as a wrong email and password", async () => {
    vi.stubGlobal("fetch", answer(401, { code: "INVALID_CODE", message: "Invalid code" }));
    const error = await authPost("/api/auth/two-factor/verify-totp", { code: "000000" }).catch((e) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe("INVALID_CODE");
    expect(error.message).toMatch(/^That code was not accepted/);
  });

  it("keeps the email-and-password sentence for a failed sign-in", async () => {
    vi.stubGlobal(
      "fetch",
      answer(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }),
    );
    const error = await authPost("/api/auth/sign-in/email", {}).catch((e) => e);
    expect(error.message).toBe("That email and password do not match. Check them and try again.");
  });

  it("says a wrong password in words", async () => {
    vi.stubGlobal("fetch", answer(400, { code: "INVALID_PASSWORD", message: "Invalid password" }));
    await expect(startTwoFactor("nope")).rejects.toThrow(/^That password is not right/);
  });
});

describe("startTwoFactor", () => {
  it("gives the setup address and the recovery codes", async () => {
    vi.stubGlobal(
      "fetch",
      answer(200, {
        totpURI: "otpauth://totp/X:a%40b.c?secret=ABC234&issuer=X",
        backupCodes: ["a-b", "c-d", 3],
      }),
    );
    expect(await startTwoFactor("pw")).toEqual({
      totpUri: "otpauth://totp/X:a%40b.c?secret=ABC234&issuer=X",
      recoveryCodes: ["a-b", "c-d"],
    });
  });
});

describe("setupKeyOf", () => {
  it("reads the secret of an otpauth address, and nothing of anything else", () => {
    expect(setupKeyOf("otpauth://totp/Container%20tracking:a%40b.c?secret=JBSWY3DP&issuer=X")).toBe(
      "JBSWY3DP",
    );
    expect(setupKeyOf("not a url")).toBe("");
  });
});
