// Where a rejected edit of a shipment's tags or reference numbers says what was wrong: the errors about the edited
// list, each naming the item it is about.
import { describe, expect, it } from "vitest";
import type { ErrorObject } from "../../../api/json-api";
import { ApiError } from "../../lib/api-client";
import { fieldErrors } from "./editable-labels";

const error = (detail: string, pointer?: string): ErrorObject => ({
  status: "422",
  code: "invalid",
  title: "Unprocessable Entity",
  detail,
  source: pointer ? { pointer } : null,
});
const rejected = (...errors: ErrorObject[]) => new ApiError(422, errors, "Unprocessable Entity");

describe("fieldErrors", () => {
  it("names the item an error points at, and keeps the rest of the list's errors as sent", () => {
    const found = fieldErrors(
      rejected(
        error("a tag can be at most 100 characters", "/data/attributes/tags/1"),
        error("at most 50 tags", "/data/attributes/tags"),
        error("each reference number must be a string", "/data/attributes/ref_numbers/0"),
      ),
      "tags",
      ["ok", "x".repeat(30)],
    );
    expect(found).toEqual([
      `Tag 2 (“${"x".repeat(24)}…”): a tag can be at most 100 characters`,
      "at most 50 tags",
    ]);
  });

  it("shows an error about another part of the body rather than nothing", () => {
    const found = fieldErrors(
      rejected(error("data.attributes is required", "/data/attributes")),
      "ref_numbers",
      ["A"],
    );
    expect(found).toEqual(["data.attributes is required"]);
  });

  it("has nothing to say about a success or another kind of failure", () => {
    expect(fieldErrors(null, "tags", [])).toEqual([]);
    expect(fieldErrors(new ApiError(500, [error("boom")], "Server error"), "tags", [])).toEqual([]);
  });
});
