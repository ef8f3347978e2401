// Unit tests of the cards' layout: title line first, key facts before the rest, hidden and unchosen columns left off.
import { describe, expect, it } from "vitest";
import { cardLayoutOf, hasCardLayout } from "./card-layout";
import type { DataColumn } from "./columns";

const column = (id: string, extra: Partial<DataColumn<unknown>> = {}): DataColumn<unknown> => ({
  id,
  header: id,
  cell: () => id,
  ...extra,
});

const COLUMNS = [
  column("number", { card: "title" }),
  column("customer", { hideable: true, card: "hidden" }),
  column("status", { hideable: true, card: "title" }),
  column("eta", { hideable: true }),
  column("lfd", { hideable: true, card: "fact" }),
  column("tags", { hideable: true }),
];

describe("cardLayoutOf", () => {
  it("puts title columns in the title line, then the key facts, then the columns that do not say", () => {
    expect(
      cardLayoutOf(
        COLUMNS,
        COLUMNS.map((c) => c.id),
      ),
    ).toEqual({
      title: ["number", "status"],
      facts: ["lfd", "eta", "tags"],
    });
  });

  it("leaves off the columns hidden in the Columns menu, but never the card's link", () => {
    expect(cardLayoutOf(COLUMNS, ["customer", "eta"])).toEqual({ title: ["number"], facts: ["eta"] });
  });
});

describe("hasCardLayout", () => {
  it("draws cards only for lists that name a title column", () => {
    expect(hasCardLayout(COLUMNS)).toBe(true);
    expect(hasCardLayout([column("a"), column("b", { card: "fact" })])).toBe(false);
  });
});
