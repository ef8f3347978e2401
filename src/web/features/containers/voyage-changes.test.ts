// The container page's voyage changes say each summary once, after the kind's name their heading already gives.
import { describe, expect, it } from "vitest";
import { withoutLabel } from "./voyage-changes";

describe("withoutLabel", () => {
  it("drops the kind's name from the start of the summary", () => {
    expect(
      withoutLabel("Rolled to a later vessel at Shanghai: was A, now B.", "Rolled to a later vessel"),
    ).toBe("At Shanghai: was A, now B.");
    expect(withoutLabel("Port call changed: Singapore replaced by Busan.", "Port call changed")).toBe(
      "Singapore replaced by Busan.",
    );
  });
  it("keeps a summary that does not start with it", () => {
    expect(withoutLabel("Something else.", "Vessel swapped")).toBe("Something else.");
  });
});
