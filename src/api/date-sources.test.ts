import { describe, expect, it } from "vitest";
import { dateSourceWords, sourceName } from "./date-sources";

describe("dateSourceWords", () => {
  const names = { line: "Maersk", terminal: "Garden City Terminals" };

  it("names who reported what happened", () => {
    expect(dateSourceWords("shipping_line", names, false)).toBe("From Maersk");
    expect(dateSourceWords("terminal", names, false)).toBe("From Garden City Terminals");
    expect(dateSourceWords("ais", names, false)).toBe("From the vessel's AIS position reports");
  });

  it("calls a plan the reporter's estimate, and ours our prediction", () => {
    expect(dateSourceWords("shipping_line", names, true)).toBe("Maersk's estimate");
    expect(dateSourceWords("shipping_line", { line: null }, true)).toBe("The shipping line's estimate");
    expect(dateSourceWords("prediction", names, true)).toBe("Our prediction");
  });

  it("falls back to the kind of source when its name is not known", () => {
    expect(sourceName("shipping_line", { line: null })).toBe("the shipping line");
    expect(sourceName("terminal", { line: "Maersk" })).toBe("the terminal");
  });
});
