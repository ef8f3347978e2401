// The QR code's drawing: dark modules become runs of squares in one SVG path, and a real otpauth address encodes
// to a code with its finder patterns where a camera looks for them.
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-code";

describe("qrPath", () => {
  it("draws each run of dark modules in a row as one rectangle", () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe("M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z");
  });

  it("draws nothing for an all-light matrix", () => {
    expect(qrPath([[false, false]])).toBe("");
  });

  it("keeps the quiet zone light and the finder pattern dark for an authenticator app's address", () => {
    const uri =
      "otpauth://totp/Container%20tracking:tess%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXPJBSW&issuer=Container%20tracking&digits=6&period=30";
    const qr = encode(uri, { ecc: "M", border: 4 });
    expect(qr.data[0]!.every((dark) => !dark)).toBe(true);
    // The top-left finder pattern starts right after the 4-module border: a dark 7×7 frame.
    expect(qr.data[4]!.slice(4, 11).every(Boolean)).toBe(true);
    expect(qrPath(qr.data)).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  });
});
