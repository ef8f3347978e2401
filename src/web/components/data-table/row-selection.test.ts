// Tests of a list's row choice: ticking rows and all of them, and a row that leaves the list leaving the choice.
import { describe, expect, it } from "vitest";
import { RowChoice } from "./row-selection";

describe("the rows chosen in a list", () => {
  it("takes rows one by one or all shown, and tells its readers each change", () => {
    const choice = new RowChoice();
    let told = 0;
    choice.subscribe(() => told++);
    choice.show(["a", "b", "c"]);
    choice.toggle("b", true);
    choice.toggle("a", true);
    // In the list's order, whatever the order of ticking.
    expect([...choice.chosen]).toEqual(["a", "b"]);
    choice.toggle("a", false);
    expect([...choice.chosen]).toEqual(["b"]);
    choice.toggleAll(true);
    expect([...choice.chosen]).toEqual(["a", "b", "c"]);
    choice.toggleAll(false);
    expect(choice.chosen.size).toBe(0);
    expect(told).toBe(6);
  });

  it("never holds a row the list no longer shows", () => {
    const choice = new RowChoice();
    choice.show(["a", "b", "c"]);
    choice.toggleAll(true);
    // Another page, a filter: the rows gone leave the choice, the rows kept stay chosen.
    choice.show(["b", "d"]);
    expect([...choice.chosen]).toEqual(["b"]);
    choice.toggle("a", true);
    expect([...choice.chosen]).toEqual(["b"]);
    choice.clear();
    expect(choice.chosen.size).toBe(0);
  });

  it("keeps the same set while nothing chosen changes, so that readers are not redrawn", () => {
    const choice = new RowChoice();
    choice.show(["a", "b"]);
    choice.toggle("a", true);
    const before = choice.chosen;
    choice.show(["a", "b"]);
    choice.toggle("a", true);
    expect(choice.chosen).toBe(before);
  });
});
