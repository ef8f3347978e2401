// Unit tests of the build-time tile settings: a usable template is kept, anything else is refused with a warning.
import { describe, expect, it } from "vitest";
import { tileSettings } from "./env";

describe("tile settings", () => {
  it("keep an http(s) template with {z}, {x} and {y}, and the attribution given", () => {
    const warnings: string[] = [];
    const settings = tileSettings("https://tile.example.com/{z}/{x}/{y}.png", "Example", (m) =>
      warnings.push(m),
    );
    expect(settings).toEqual({ url: "https://tile.example.com/{z}/{x}/{y}.png", attribution: "Example" });
    expect(warnings).toEqual([]);
  });

  it("mean no tiles when nothing is configured, with the default attribution", () => {
    expect(tileSettings(undefined, undefined)).toEqual({
      url: undefined,
      attribution: "&copy; OpenStreetMap contributors",
    });
    expect(tileSettings("  ", "").url).toBeUndefined();
  });

  it("refuse a URL that is not a tile template, saying why", () => {
    for (const url of [
      "https://tile.example.com/tiles.png",
      "ftp://x/{z}/{x}/{y}.png",
      "{z}/{x}/{y}",
      "not a url",
    ]) {
      const warnings: string[] = [];
      expect(tileSettings(url, undefined, (m) => warnings.push(m)).url, url).toBeUndefined();
      expect(warnings[0]).toContain(`VITE_TILE_URL "${url}" is not a tile URL template`);
    }
  });
});
