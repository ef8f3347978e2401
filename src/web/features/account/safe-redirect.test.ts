// Unit tests of where sign-in may send the user afterwards.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("follows paths inside the app", () => {
    expect(safeRedirect("/shipments?page=2")).toBe("/shipments?page=2");
  });
  it("refuses other sites and loops back to sign-in", () => {
    expect(safeRedirect("https://evil.example/")).toBe("/shipments");
    expect(safeRedirect("//evil.example/")).toBe("/shipments");
    expect(safeRedirect("/sign-in?redirect=/x")).toBe("/shipments");
    expect(safeRedirect(undefined)).toBe("/shipments");
  });
});
