// Unit tests of the table's URL parameters as routes read them.
import { describe, expect, it } from "vitest";
import { cleanSortParam, columnsSearchSchema, sortSearchSchema } from "./search-params";

const fields = ["pod_eta_at", "bill_of_lading_number"];

describe("sort", () => {
  it("keeps the list's fields in order, each once", () => {
    expect(cleanSortParam("-pod_eta_at,bill_of_lading_number", fields)).toBe(
      "-pod_eta_at,bill_of_lading_number",
    );
    expect(cleanSortParam("pod_eta_at,-pod_eta_at", fields)).toBe("pod_eta_at");
  });
  it("drops fields the list does not sort by, so an edited link still opens", () => {
    expect(cleanSortParam("nonsense,-pod_eta_at", fields)).toBe("-pod_eta_at");
    expect(sortSearchSchema(fields).parse("created_at")).toBe("");
  });
  it("reads anything that is not text as the default order", () => {
    expect(sortSearchSchema(fields).parse(undefined)).toBe("");
    expect(sortSearchSchema(fields).parse(12)).toBe("");
  });
});

describe("columns", () => {
  it("is absent unless the URL says it", () => {
    expect(columnsSearchSchema.parse(undefined)).toBeUndefined();
    expect(columnsSearchSchema.parse("bol,eta")).toBe("bol,eta");
    expect(columnsSearchSchema.parse(["x"])).toBeUndefined();
  });
});
