// Unit tests of the top of the container page while a hold is on: the position summary and the pickup answer
// never call the box available (the carrier's planned "available for pickup" included), and name the holds.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ContainerAttributes } from "../../../api/containers";
import type { Milestone } from "../../../api/timeline-merge";
import { containerFixture } from "../../testing/container-fixture";
import { fixServiceClockAt } from "../../testing/fixed-service-clock";
import { PickupSummary } from "./pickup-summary";
import { ActiveHoldsContext, PositionSentence } from "./position-summary";
import type { Position } from "./timeline-legs";

fixServiceClockAt("2026-11-25T17:00:00Z");

const NGQURA = { locode: "ZAZBA", name: "Ngqura (Coega)", timeZone: "Africa/Johannesburg" };

function milestone(name: string, state: Milestone["state"], at: string): Milestone {
  return {
    key: name,
    state,
    name,
    at,
    place: NGQURA,
    terminal: null,
    vessel: null,
    voyage: null,
    lines: [],
    source: "shipping_line",
    recordedAt: at,
  };
}

const DISCHARGED: Position = {
  kind: "at_place",
  place: NGQURA,
  last: milestone("vessel_discharged", "done", "2026-11-23T09:37:00Z"),
  next: milestone("available", "planned", "2026-11-27T20:15:00Z"),
};
const MADE_AVAILABLE: Position = {
  kind: "at_place",
  place: NGQURA,
  last: milestone("available", "done", "2026-11-24T09:00:00Z"),
  next: null,
};

/** The text a reader gets, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, "");

function sentence(position: Position, holds: string[]) {
  return text(
    renderToStaticMarkup(
      <ActiveHoldsContext value={holds}>
        <PositionSentence position={position} />
      </ActiveHoldsContext>,
    ),
  );
}

describe("the position summary", () => {
  it("says what comes next as the carrier plans it when nothing holds the box", () => {
    expect(sentence(DISCHARGED, [])).toContain("Next: available for pickup at Ngqura (Coega) (ZAZBA)");
    expect(sentence(MADE_AVAILABLE, [])).toContain("available for pickup on");
  });

  it("never says available while a hold is on, and names the holds to be released", () => {
    const next = sentence(DISCHARGED, ["customs", "freight"]);
    expect(next).not.toMatch(/available/i);
    expect(next).toContain(
      "Next: the customs and freight holds must be released before it can be picked up.",
    );
    const there = sentence(MADE_AVAILABLE, ["customs"]);
    expect(there).not.toMatch(/available/i);
    expect(there).toContain("At Ngqura (Coega) (ZAZBA): on hold: customs.");
  });
});

function summary(overrides: Partial<ContainerAttributes>) {
  return text(renderToStaticMarkup(<PickupSummary container={containerFixture(overrides)} panelId="p" />));
}

describe("the pickup answer at the top of the page", () => {
  it("answers no with the hold, lists every hold and the nearest last free day", () => {
    const shown = summary({
      pod_timezone: "Africa/Johannesburg",
      current_status: "available",
      available_for_pickup: true,
      holds_at_pod_terminal: [
        { name: "customs", status: "hold", description: "Documentary check" },
        { name: "usda", status: "pending", description: null },
      ],
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-26T22:00:00Z",
        pickup_lfd_line: null,
        pickup_lfd_rail: null,
      },
    });
    expect(shown).toContain("Can I pick it up?No: on hold: customs");
    expect(shown).toContain("Holdscustoms (on hold), usda (pending)");
    expect(shown).toContain("Last free day (terminal)Fri 27 Nov");
    expect(shown).not.toMatch(/available/i);
  });

  it("answers yes when nothing holds an available box", () => {
    const shown = summary({});
    expect(shown).toContain("Can I pick it up?Yes: it is available for pickup");
    expect(shown).toContain("HoldsNone");
    expect(shown).toContain("Last free dayNot set");
  });
});
