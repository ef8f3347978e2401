// The error pointers both programs share: the service builds them, the dashboard reads back the attribute and
// list item they name, and what it reads is what was built.
import { describe, expect, it } from "vitest";
import { attributeAt, attributePointer, itemIndex, pointerTo } from "./json-pointer";

describe("building pointers", () => {
  it("joins a body path, numbers included", () => {
    expect(pointerTo(["data", "attributes", "headers", 1, "name"])).toBe("/data/attributes/headers/1/name");
    expect(pointerTo(["data"])).toBe("/data");
  });

  it("escapes a name that holds `/` or `~`, so that it stays one step", () => {
    expect(attributePointer("size/colour")).toBe("/data/attributes/size~1colour");
    expect(attributePointer("~1")).toBe("/data/attributes/~01");
  });

  it("points into a body's attributes", () => {
    expect(attributePointer("scac")).toBe("/data/attributes/scac");
    expect(attributePointer("ref_numbers", 2)).toBe("/data/attributes/ref_numbers/2");
  });
});

describe("attributeAt", () => {
  it("names the attribute and the path below it", () => {
    expect(attributeAt("/data/attributes/url")).toEqual({ attribute: "url", below: [] });
    expect(attributeAt("/data/attributes/headers/1/name")).toEqual({
      attribute: "headers",
      below: ["1", "name"],
    });
  });

  it("reads back what the service builds", () => {
    expect(attributeAt(attributePointer("shipment_tags", 3))).toEqual({
      attribute: "shipment_tags",
      below: ["3"],
    });
  });

  it("unescapes each step", () => {
    expect(attributeAt("/data/attributes/size~1colour/~01")).toEqual({
      attribute: "size/colour",
      below: ["~1"],
    });
    expect(attributeAt(attributePointer("a/b~c", "x/y"))).toEqual({ attribute: "a/b~c", below: ["x/y"] });
  });

  it("names no attribute for the rest of a body, a bare attributes object, or no pointer", () => {
    expect(attributeAt("/data/type")).toBeNull();
    expect(attributeAt("/data/attributes")).toBeNull();
    expect(attributeAt("/data/attributes/")).toBeNull();
    expect(attributeAt("/data/attributesx/url")).toBeNull();
    expect(attributeAt("/data")).toBeNull();
    expect(attributeAt("")).toBeNull();
    expect(attributeAt(null)).toBeNull();
    expect(attributeAt(undefined)).toBeNull();
  });
});

describe("itemIndex", () => {
  it("is the list item a path is at or inside", () => {
    expect(itemIndex(["2"])).toBe(2);
    expect(itemIndex(["10", "name"])).toBe(10);
  });

  it("is null for a path that starts with no item", () => {
    expect(itemIndex([])).toBeNull();
    expect(itemIndex(["name"])).toBeNull();
    expect(itemIndex(["-1"])).toBeNull();
    expect(itemIndex(["1e2"])).toBeNull();
  });
});
