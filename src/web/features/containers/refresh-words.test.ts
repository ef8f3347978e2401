// The container page's words after a refresh: what was started, how long to wait after a 429, other failures.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { refreshOutcomeWords, waitWords } from "./refresh-words";

const limited = (retryAfter: string | null) =>
  new ApiError(
    429,
    [
      {
        status: "429",
        code: "refresh_limited",
        title: "Too Many Requests",
        detail: "You've hit the refresh limit.",
        source: null,
      },
    ],
    "",
    retryAfter,
  );

describe("refreshOutcomeWords", () => {
  it("names what the service started to ask, from its message", () => {
    expect(refreshOutcomeWords({ message: "Started refresh for Shipping line, Terminal" })).toBe(
      "Refresh started: asking the shipping line and the terminal. New events appear here as they arrive.",
    );
    expect(refreshOutcomeWords({ message: "Started refresh for Shipping line" })).toMatch(
      /^Refresh started: asking the shipping line\./,
    );
  });

  it("says how long until the container can be refreshed again after a 429", () => {
    expect(refreshOutcomeWords({ error: limited("40") })).toBe(
      "Refreshed a moment ago; it can be refreshed again in 40 seconds.",
    );
    expect(refreshOutcomeWords({ error: limited("1") })).toMatch(/again in 1 second\.$/);
    const now = new Date("2026-11-25T10:00:00Z");
    expect(refreshOutcomeWords({ error: limited("Wed, 25 Nov 2026 10:02:00 GMT") }, now)).toMatch(
      /again in 2 minutes\.$/,
    );
    expect(refreshOutcomeWords({ error: limited(null) })).toMatch(/again in a minute\.$/);
  });

  it("passes on what the service said of any other failure", () => {
    const stopped = new ApiError(
      422,
      [
        {
          status: "422",
          code: "tracking_stopped",
          title: "Unprocessable Entity",
          detail: "Tracking is stopped.",
          source: null,
        },
      ],
      "",
    );
    expect(refreshOutcomeWords({ error: stopped })).toBe("Could not refresh: Tracking is stopped.");
  });
});

describe("waitWords", () => {
  it("counts seconds under a minute, and whole minutes (rounded up) beyond", () => {
    expect(waitWords(59)).toBe("59 seconds");
    expect(waitWords(60)).toBe("1 minute");
    expect(waitWords(61)).toBe("2 minutes");
  });
});
