// Unit tests of where sign-in may send the user afterwards.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("follows paths inside the app", () => {
    expect(safeRedirect("/shipments?page=2")).toBe("/shipments?page=2");
  });
  it("refuses other sites and loops back to sign-in", () => {
    expect(safeRedirect("https://evil.example/")).toBe("/attention");
    expect(safeRedirect("//evil.example/")).toBe("/attention");
    expect(safeRedirect("/sign-in?redirect=/x")).toBe("/attention");
    expect(safeRedirect(undefined)).toBe("/attention");
  });
});
