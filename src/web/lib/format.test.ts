// Unit tests of the formatting module: port time zones with the zone named, ETA changes, deadlines, words, and
// the cache that makes each Intl.DateTimeFormat once.
import { afterEach, describe, expect, it } from "vitest";
import {
  calendarDate,
  calendarDaysFrom,
  containerStatusWords,
  dateTimeFormat,
  deadlineUrgency,
  equipmentWords,
  etaChange,
  etaChangeWords,
  formatCount,
  formatDateTime,
  formatDay,
  localIsoWithOffset,
  relativeDayWords,
  safeTimeZone,
  stoppedReasonWords,
  zoneAbbreviation,
} from "./format";

const NOW = new Date("2025-11-10T12:00:00Z");

describe("formatDateTime", () => {
  it("shows a Los Angeles time in Pacific time, named, with UTC for the tooltip", () => {
    const formatted = formatDateTime("2025-11-12T22:00:00Z", "America/Los_Angeles", NOW);
    expect(formatted.text).toBe("12 Nov 14:00 PST");
    expect(formatted.utc).toBe("2025-11-12 22:00 UTC");
    expect(formatted.iso).toBe("2025-11-12T22:00:00.000Z");
  });

  it("follows daylight saving time", () => {
    expect(formatDateTime("2025-07-01T19:30:00Z", "America/Los_Angeles", NOW).text).toBe("1 Jul 12:30 PDT");
    expect(formatDateTime("2025-07-01T19:30:00Z", "America/New_York", NOW).text).toBe("1 Jul 15:30 EDT");
  });

  it("names zones without a common abbreviation by their IANA name, never by an offset alone", () => {
    expect(formatDateTime("2025-11-12T22:00:00Z", "Asia/Shanghai", NOW).text).toBe(
      "13 Nov 06:00 Asia/Shanghai",
    );
    expect(formatDateTime("2025-11-12T22:00:00Z", "Asia/Kolkata", NOW).text).toBe(
      "13 Nov 03:30 Asia/Kolkata",
    );
  });

  it("crosses the date line into the port's own calendar day", () => {
    expect(formatDateTime("2025-11-12T23:30:00Z", "Asia/Singapore", NOW).text).toBe(
      "13 Nov 07:30 Asia/Singapore",
    );
    expect(formatDateTime("2025-11-13T02:00:00Z", "America/Los_Angeles", NOW).text).toBe("12 Nov 18:00 PST");
  });

  it("adds the year only when it is not the current one in that zone", () => {
    expect(formatDateTime("2026-01-05T08:00:00Z", "Europe/Amsterdam", NOW).text).toBe("5 Jan 2026 09:00 CET");
    expect(formatDateTime("2024-12-30T08:00:00Z", "America/Los_Angeles", NOW).text).toBe(
      "30 Dec 2024 00:00 PST",
    );
    expect(formatDay("2024-12-30T08:00:00Z", "America/Los_Angeles", NOW)).toBe("Mon 30 Dec 2024");
  });

  it("counts the current year in the zone shown, not in UTC or the browser's zone", () => {
    // 20:00 UTC on 31 December is already 2026 in Shanghai, and still 2025 in Los Angeles.
    const newYearsEve = new Date("2025-12-31T20:00:00Z");
    expect(formatDateTime("2026-01-02T02:00:00Z", "Asia/Shanghai", newYearsEve).text).toBe(
      "2 Jan 10:00 Asia/Shanghai",
    );
    expect(formatDateTime("2026-01-02T02:00:00Z", "America/Los_Angeles", newYearsEve).text).toBe(
      "1 Jan 2026 18:00 PST",
    );
    expect(formatDateTime("2025-12-30T02:00:00Z", "Asia/Shanghai", newYearsEve).text).toBe(
      "30 Dec 2025 10:00 Asia/Shanghai",
    );
  });

  it("falls back to UTC, named, when the zone is missing or unknown", () => {
    expect(formatDateTime("2025-11-12T22:00:00Z", null, NOW).text).toBe("12 Nov 22:00 UTC");
    expect(formatDateTime("2025-11-12T22:00:00Z", "Not/AZone", NOW).text).toBe("12 Nov 22:00 UTC");
    expect(safeTimeZone("Not/AZone")).toBe("UTC");
  });

  it("names Berlin, Los Angeles, Shanghai, Kolkata and UTC as people read them", () => {
    const winter = new Date("2025-01-15T12:00:00Z");
    const summer = new Date("2025-07-15T12:00:00Z");
    expect(zoneAbbreviation(winter, "Europe/Berlin")).toBe("CET");
    expect(zoneAbbreviation(summer, "Europe/Berlin")).toBe("CEST");
    expect(zoneAbbreviation(winter, "America/Los_Angeles")).toBe("PST");
    expect(zoneAbbreviation(summer, "America/Los_Angeles")).toBe("PDT");
    expect(zoneAbbreviation(winter, "Asia/Shanghai")).toBe("Asia/Shanghai");
    expect(zoneAbbreviation(winter, "Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(zoneAbbreviation(winter, "UTC")).toBe("UTC");
    expect(zoneAbbreviation(winter, "Etc/UTC")).toBe("UTC");
    // Offsets with a zero ("GMT+0") are offsets too: Lisbon has its own name.
    expect(zoneAbbreviation(winter, "Europe/Lisbon")).toBe("WET");
    expect(zoneAbbreviation(winter, "Australia/Sydney")).toBe("AEDT");
  });

  it("keeps London's GMT and BST", () => {
    expect(zoneAbbreviation(new Date("2025-01-10T12:00:00Z"), "Europe/London")).toBe("GMT");
    expect(zoneAbbreviation(new Date("2025-07-10T12:00:00Z"), "Europe/London")).toBe("BST");
    expect(zoneAbbreviation(new Date("2025-07-10T12:00:00Z"), "Europe/Amsterdam")).toBe("CEST");
  });
});

describe("formatDay and calendarDate", () => {
  it("gives the calendar day in the port's zone", () => {
    expect(calendarDate(new Date("2025-11-12T23:30:00Z"), "Asia/Shanghai")).toBe("2025-11-13");
    expect(calendarDate(new Date("2025-11-12T23:30:00Z"), "America/Chicago")).toBe("2025-11-12");
    expect(formatDay("2025-11-12T23:30:00Z", "Asia/Shanghai", NOW)).toBe("Thu 13 Nov");
  });
});

describe("etaChange", () => {
  it("shows a later estimate as +days", () => {
    expect(etaChange("2025-11-15T10:00:00Z", "2025-11-12T10:00:00Z")).toBe("+3 d");
    expect(etaChangeWords("2025-11-15T10:00:00Z", "2025-11-12T10:00:00Z")).toBe(
      "3 days later than first estimated",
    );
  });

  it("shows an earlier estimate with a minus sign", () => {
    expect(etaChange("2025-11-10T10:00:00Z", "2025-11-12T10:00:00Z")).toBe("\u22122 d");
    expect(etaChangeWords("2025-11-11T10:00:00Z", "2025-11-12T10:00:00Z")).toBe(
      "1 day earlier than first estimated",
    );
  });

  it("rounds to whole days, and uses hours under a day", () => {
    expect(etaChange("2025-11-14T22:00:00Z", "2025-11-12T10:00:00Z")).toBe("+3 d");
    expect(etaChange("2025-11-12T16:00:00Z", "2025-11-12T10:00:00Z")).toBe("+6 h");
  });

  it("says nothing when there is no change or nothing to compare", () => {
    expect(etaChange("2025-11-12T10:00:00Z", "2025-11-12T10:00:00Z")).toBeNull();
    expect(etaChange("2025-11-12T10:10:00Z", "2025-11-12T10:00:00Z")).toBeNull();
    expect(etaChange(null, "2025-11-12T10:00:00Z")).toBeNull();
    expect(etaChange("2025-11-12T10:00:00Z", null)).toBeNull();
  });
});

describe("deadlineUrgency", () => {
  const now = new Date("2025-11-12T20:00:00Z");
  it("counts days in the port's zone, not the browser's", () => {
    // 20:00 UTC on the 12th is already the 13th in Shanghai.
    expect(deadlineUrgency("2025-11-13T01:00:00Z", "Asia/Shanghai", now)).toBe("today");
    expect(deadlineUrgency("2025-11-13T01:00:00Z", "America/Los_Angeles", now)).toBe("today");
    expect(deadlineUrgency("2025-11-14T01:00:00Z", "Asia/Shanghai", now)).toBe("tomorrow");
    expect(deadlineUrgency("2025-11-11T12:00:00Z", "America/Los_Angeles", now)).toBe("past");
    expect(deadlineUrgency("2025-11-20T12:00:00Z", "America/Los_Angeles", now)).toBe("later");
  });
});

describe("calendarDaysFrom and relativeDayWords", () => {
  const now = new Date("2025-11-12T20:00:00Z");
  const words = (iso: string, zone: string) => relativeDayWords(calendarDaysFrom(iso, zone, now));
  it("counts calendar days in the port's zone against the given now", () => {
    // 20:00 UTC on the 12th is the 13th in Shanghai and the 12th in Los Angeles.
    expect(words("2025-11-13T03:00:00Z", "Asia/Shanghai")).toBe("today");
    expect(words("2025-11-13T20:00:00Z", "America/Los_Angeles")).toBe("tomorrow");
    expect(words("2025-11-15T01:00:00Z", "Asia/Shanghai")).toBe("in 2 days");
    expect(words("2025-11-11T20:00:00Z", "America/Los_Angeles")).toBe("passed 1 day");
    expect(words("2025-11-09T20:00:00Z", "America/Los_Angeles")).toBe("passed 3 days");
    expect(calendarDaysFrom("2025-11-09T20:00:00Z", "America/Los_Angeles", now)).toBe(-3);
  });

  it("counts whole days across a daylight-saving change", () => {
    // Los Angeles leaves daylight saving time on 2 November 2025: that day has 25 hours.
    const before = new Date("2025-11-01T19:00:00Z");
    expect(calendarDaysFrom("2025-11-03T19:00:00Z", "America/Los_Angeles", before)).toBe(2);
  });
});

describe("words", () => {
  it("describes container statuses, stop reasons and equipment", () => {
    expect(containerStatusWords("on_ship")).toBe("On the vessel");
    expect(containerStatusWords("available")).toBe("Available for pickup");
    expect(stoppedReasonWords("cancelled_by_user")).toBe("Stopped by a user");
    expect(stoppedReasonWords(null)).toBe("No reason given");
    expect(equipmentWords("dry", 40, "high_cube")).toBe("40 ft high cube dry");
    expect(equipmentWords(null, null, null)).toBeNull();
  });
});

describe("the Intl.DateTimeFormat cache", () => {
  const Original = Intl.DateTimeFormat;
  let made = 0;
  /** Counts the formatters constructed while `run` runs. */
  function constructed(run: () => void): number {
    made = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args) {
        made += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      run();
    } finally {
      Intl.DateTimeFormat = Original;
    }
    return made;
  }
  afterEach(() => {
    Intl.DateTimeFormat = Original;
  });

  it("gives one instance per locale, options and zone, whatever the order of the options", () => {
    const a = dateTimeFormat("en-GB", { day: "numeric", month: "short" }, "Asia/Tokyo");
    expect(dateTimeFormat("en-GB", { month: "short", day: "numeric" }, "Asia/Tokyo")).toBe(a);
    expect(dateTimeFormat("en-GB", { day: "numeric", month: "short" }, "Europe/Paris")).not.toBe(a);
    expect(dateTimeFormat("en-US", { day: "numeric", month: "short" }, "Asia/Tokyo")).not.toBe(a);
    expect(dateTimeFormat("en-GB", { day: "2-digit", month: "short" }, "Asia/Tokyo")).not.toBe(a);
    expect(a.resolvedOptions().timeZone).toBe("Asia/Tokyo");
  });

  it("formats a list of dates in a zone without making a formatter per date", () => {
    const first = constructed(() => formatDateTime("2025-11-12T22:00:00Z", "America/Chicago", NOW));
    expect(first).toBeGreaterThan(0);
    const many = constructed(() => {
      for (let i = 0; i < 2000; i++) {
        formatDateTime(new Date(Date.UTC(2025, 10, 1) + i * 3_600_000).toISOString(), "America/Chicago", NOW);
        formatDay(new Date(Date.UTC(2025, 10, 1) + i * 3_600_000).toISOString(), "America/Chicago", NOW);
      }
    });
    // formatDay's options are new once; every date after that reuses what is made.
    expect(many).toBeLessThanOrEqual(1);
    expect(constructed(() => formatDay("2025-11-12T22:00:00Z", "America/Chicago", NOW))).toBe(0);
  });

  it("checks an unknown zone once, and keeps falling back to UTC", () => {
    expect(safeTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(constructed(() => safeTimeZone("Mars/Olympus_Mons"))).toBe(0);
    expect(
      constructed(() =>
        expect(formatDateTime("2025-11-12T22:00:00Z", "Mars/Olympus_Mons", NOW).text).toBe(
          "12 Nov 22:00 UTC",
        ),
      ),
    ).toBe(0);
  });
});

describe("formatCount", () => {
  it("separates thousands as en-US does, whole numbers or not", () => {
    for (const n of [
      0,
      7,
      999,
      1000,
      2000,
      12_345,
      999_999,
      1_234_567,
      -1234,
      1234.5,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(formatCount(n)).toBe(new Intl.NumberFormat("en-US").format(n));
    }
  });
});

describe("calendarDaysFrom and relativeDayWords", () => {
  // 23:30 UTC on the 10th is already the 11th in Shanghai and still the 10th in New York.
  const late = new Date("2025-11-10T23:30:00Z");

  it("counts calendar days in the port's zone, not the browser's", () => {
    expect(calendarDaysFrom("2025-11-12T05:00:00Z", "America/New_York", late)).toBe(2);
    expect(calendarDaysFrom("2025-11-12T05:00:00Z", "Asia/Shanghai", late)).toBe(1);
    expect(calendarDaysFrom("2025-11-07T05:00:00Z", "America/New_York", late)).toBe(-3);
  });

  it("words the distance", () => {
    expect([2, 1, 0, -1, -3].map(relativeDayWords)).toEqual([
      "in 2 days",
      "tomorrow",
      "today",
      "passed 1 day",
      "passed 3 days",
    ]);
  });
});

describe("localIsoWithOffset", () => {
  it("writes the port's local time with its offset, following daylight saving time", () => {
    expect(localIsoWithOffset("2026-11-27T05:00:00Z", "America/New_York")).toBe("2026-11-27T00:00:00-05:00");
    expect(localIsoWithOffset("2026-07-27T04:00:00Z", "America/New_York")).toBe("2026-07-27T00:00:00-04:00");
    expect(localIsoWithOffset("2026-11-24T16:00:00Z", "Asia/Kolkata")).toBe("2026-11-24T21:30:00+05:30");
  });

  it("writes UTC with Z when the zone is UTC or unknown", () => {
    expect(localIsoWithOffset("2026-11-24T16:00:00.250Z", null)).toBe("2026-11-24T16:00:00Z");
    expect(localIsoWithOffset("2026-11-24T16:00:00Z", "Not/AZone")).toBe("2026-11-24T16:00:00Z");
  });
});

/**
 * What the dashboard wrote before its names and years were cached, made from fresh formatters every time: the
 * cached module must answer exactly this.
 */
const plain = {
  name(date: Date, zone: string): string {
    if (zone === "UTC" || zone === "Etc/UTC" || zone === "Etc/GMT") return "UTC";
    for (const locale of ["en-US", "en-GB", "en-AU"]) {
      const part = new Intl.DateTimeFormat(locale, {
        timeZone: zone,
        timeZoneName: "short",
      })
        .formatToParts(date)
        .find((p) => p.type === "timeZoneName")?.value;
      if (part && !/^(?:GMT|UTC)[+\-\u2212]/.test(part)) return part;
    }
    return zone;
  },
  year: (date: Date, zone: string) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
    }).format(date),
};

describe("formatting with cached zone names and years", () => {
  // Every zone this runtime knows, on dates in both halves of the year and across a new year.
  const zones = Intl.supportedValuesOf("timeZone");
  const dates = [
    "2025-01-15T12:00:00Z",
    "2025-07-15T12:00:00Z",
    "2025-12-31T23:30:00Z",
    "2026-03-29T01:30:00Z",
  ];

  it("names every zone as a fresh lookup in en-US, en-GB and en-AU does, whichever date comes first", () => {
    for (const order of [dates, [...dates].reverse()]) {
      for (const zone of zones) {
        for (const iso of order) {
          const date = new Date(iso);
          expect(`${zone} ${iso} ${zoneAbbreviation(date, zone)}`).toBe(
            `${zone} ${iso} ${plain.name(date, zone)}`,
          );
        }
      }
    }
  });

  it("adds the year exactly when it is not the current one in the port's zone", () => {
    const now = new Date("2025-12-31T20:00:00Z");
    for (const zone of zones) {
      for (const iso of dates) {
        const date = new Date(iso);
        const otherYear = plain.year(date, zone) !== plain.year(now, zone);
        const text = formatDateTime(iso, zone, now).text;
        expect(`${zone} ${iso} ${/ 20\d\d /.test(text)}`).toBe(`${zone} ${iso} ${otherYear}`);
        expect(`${zone} ${iso} ${/ 20\d\d$/.test(formatDay(iso, zone, now))}`).toBe(
          `${zone} ${iso} ${otherYear}`,
        );
      }
    }
  });
});
