// Unit tests of the journey's legs and the current position, on a Shanghai → Busan → Los Angeles → Chicago
// journey seen at different moments, and on a container with 120 lines.
import { describe, expect, it } from "vitest";
import type { RawEvent, TransportEvent } from "../../../api/events";
import { mergeEvents } from "../../../api/timeline-merge";
import { raw, sources, transport, vessel } from "./timeline-fixtures";
import { buildJourney, type Leg } from "./timeline-legs";

type Line = [name: string, at: string, locode: string, vesselId?: string, voyage?: string];

const JOURNEY: Line[] = [
  ["empty_out", "2026-11-03T10:00:00Z", "CNSHA"],
  ["full_in", "2026-11-04T10:00:00Z", "CNSHA"],
  ["vessel_loaded", "2026-11-05T02:00:00Z", "CNSHA", "feeder", "F12N"],
  ["vessel_departed", "2026-11-05T06:00:00Z", "CNSHA", "feeder", "F12N"],
  ["transshipment_arrived", "2026-11-07T00:00:00Z", "KRPUS", "feeder", "F12N"],
  ["transshipment_discharged", "2026-11-07T06:00:00Z", "KRPUS", "feeder", "F12N"],
  ["transshipment_loaded", "2026-11-11T20:00:00Z", "KRPUS", "ocean", "001E"],
  ["transshipment_departed", "2026-11-12T00:00:00Z", "KRPUS", "ocean", "001E"],
  ["vessel_arrived", "2026-11-25T08:00:00Z", "USLAX", "ocean", "001E"],
  ["vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", "ocean", "001E"],
  ["rail_loaded", "2026-11-27T10:00:00Z", "USLAX"],
  ["rail_departed", "2026-11-27T14:00:00Z", "USLAX"],
  ["rail_arrived", "2026-12-01T09:00:00Z", "USCHI"],
  ["available", "2026-12-01T15:00:00Z", "USCHI"],
  ["full_out", "2026-12-02T15:00:00Z", "USCHI"],
  ["empty_in", "2026-12-04T15:00:00Z", "USCHI"],
];
const VESSELS = [vessel("feeder", "FEEDER ONE"), vessel("ocean", "PACIFIC SPIRIT")];

/** The journey as known when the first `done` lines have happened and the rest are estimates. */
function journeyAfter(done: number) {
  const transports: TransportEvent[] = [];
  const lines: RawEvent[] = [];
  JOURNEY.forEach(([name, at, locode, vesselId, voyage], i) => {
    const estimated = i >= done;
    if (!estimated) transports.push(transport(name, at, locode, { vesselId, voyage }));
    lines.push(raw(i, name, at, locode, `${name} (carrier)`, { estimated, vesselId, voyage }));
  });
  return buildJourney(mergeEvents(sources(transports, lines, VESSELS)));
}

const outline = (legs: Leg[]) =>
  legs.map((l) =>
    l.type === "stay"
      ? `${l.kind} ${l.place?.locode} ${l.progress}`
      : `${l.mode} ${l.number} ${l.from?.locode}→${l.to?.locode} ${l.progress}`,
  );

describe("legs of the journey", () => {
  it("groups the milestones by stay, with the vessel, rail and road legs between them", () => {
    const { legs } = journeyAfter(8);
    expect(outline(legs)).toEqual([
      "origin CNSHA done",
      "vessel 1 CNSHA→KRPUS done",
      "transshipment KRPUS done",
      "vessel 2 KRPUS→USLAX current",
      "destination USLAX planned",
      "rail 1 USLAX→USCHI planned",
      "inland USCHI planned",
    ]);
    const vesselLegs = legs.filter((l) => l.type === "move" && l.mode === "vessel");
    expect(vesselLegs.map((l) => (l.type === "move" ? [l.vessel?.name, l.voyage] : null))).toEqual([
      ["FEEDER ONE", "F12N"],
      ["PACIFIC SPIRIT", "001E"],
    ]);
    const stays = legs.filter((l) => l.type === "stay");
    expect(stays.flatMap((l) => (l.type === "stay" ? l.milestones : [])).length).toBe(JOURNEY.length);
  });

  it("starts and ends each movement at its departure and arrival", () => {
    const move = journeyAfter(8).legs[3]!;
    expect(move.type === "move" && [move.departure?.name, move.arrival?.name]).toEqual([
      "transshipment_departed",
      "vessel_arrived",
    ]);
    const rail = journeyAfter(8).legs[5]!;
    expect(rail.type === "move" && [rail.departure?.name, rail.arrival?.name]).toEqual([
      "rail_departed",
      "rail_arrived",
    ]);
  });

  it("keeps a milestone without a place at the place the container was", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("vessel_discharged", "2026-11-25T20:00:00Z", "USLAX"),
          transport("available", "2026-11-26T08:00:00Z", null),
        ],
        [],
      ),
    );
    const { legs } = buildJourney(milestones);
    expect(legs).toHaveLength(1);
    expect(legs[0]!.type === "stay" && legs[0]!.milestones.map((m) => m.name)).toEqual([
      "vessel_discharged",
      "available",
    ]);
  });

  it("stays readable at 120 lines: a handful of legs, every line kept", () => {
    const transports: TransportEvent[] = [];
    const lines: RawEvent[] = [];
    let index = 0;
    const add = (name: string, at: number, locode: string, estimated = false) => {
      const iso = new Date(at).toISOString();
      if (!estimated) transports.push(transport(name, iso, locode));
      lines.push(raw(index++, name, iso, locode, `${name} #${index}`, { estimated }));
    };
    const start = Date.parse("2026-09-01T00:00:00Z");
    add("full_in", start, "CNSHA");
    add("vessel_departed", start + 86_400_000, "CNSHA");
    add("vessel_arrived", start + 20 * 86_400_000, "USLAX");
    add("vessel_discharged", start + 21 * 86_400_000, "USLAX");
    // A terminal that reports availability every few hours for weeks.
    for (let i = 0; i < 115; i++)
      add(i % 2 ? "not_available" : "available", start + (22 + i / 4) * 86_400_000, "USLAX");
    add("full_out", start + 60 * 86_400_000, "USLAX", true);
    const journey = buildJourney(mergeEvents(sources(transports, lines)));
    expect(lines).toHaveLength(120);
    expect(outline(journey.legs)).toEqual([
      "origin CNSHA done",
      "vessel 1 CNSHA→USLAX done",
      "destination USLAX current",
    ]);
    const destination = journey.legs[2]!;
    expect(destination.type === "stay" && destination.milestones).toHaveLength(118);
    expect(journey.position.kind).toBe("at_place");
  });
});

describe("where the container is now", () => {
  it("has not started when nothing has happened", () => {
    const { position, currentLeg, legs } = journeyAfter(0);
    expect(position).toMatchObject({ kind: "not_started", next: { name: "empty_out" } });
    expect(currentLeg).toBeNull();
    expect(legs.every((l) => l.progress === "planned")).toBe(true);
  });

  it("is on the water after a departure, towards the next arrival and its estimate", () => {
    const { position, currentLeg, legs } = journeyAfter(8);
    expect(position.kind).toBe("moving");
    if (position.kind !== "moving") return;
    expect(position.move.from?.name).toBe("Busan");
    expect(position.move.to?.name).toBe("Los Angeles");
    expect(position.move.vessel?.name).toBe("PACIFIC SPIRIT");
    expect(position.move.arrival).toMatchObject({ state: "planned", at: "2026-11-25T08:00:00Z" });
    expect(currentLeg).toBe(legs[3]!.key);
  });

  it("is at the transshipment port between discharge and the next loading", () => {
    const { position, currentLeg, legs } = journeyAfter(6);
    expect(position).toMatchObject({
      kind: "at_place",
      place: { locode: "KRPUS" },
      last: { name: "transshipment_discharged" },
      next: { name: "transshipment_loaded", state: "planned" },
    });
    expect(currentLeg).toBe(legs[2]!.key);
    expect(legs[2]!.progress).toBe("current");
  });

  it("is on rail after the rail departure, and at the inland destination after it arrives", () => {
    expect(journeyAfter(12).position).toMatchObject({ kind: "moving", move: { mode: "rail" } });
    expect(journeyAfter(14).position).toMatchObject({ kind: "at_place", place: { locode: "USCHI" } });
  });

  it("is picked up after the full out, and home once returned empty", () => {
    expect(journeyAfter(15).position).toMatchObject({ kind: "picked_up", place: { locode: "USCHI" } });
    const done = journeyAfter(16);
    expect(done.position).toMatchObject({ kind: "returned", last: { name: "empty_in" } });
    expect(done.legs.filter((l) => l.progress !== "done").map((l) => l.key)).toEqual([done.currentLeg]);
  });

  it("counts an arrival at the inland destination as the end of a rail leg, as the service's journey does", () => {
    const transports = [
      transport("vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", { vesselId: "ocean", voyage: "001E" }),
      transport("arrived_at_inland_destination", "2026-12-01T09:00:00Z", "USCHI"),
    ];
    const { legs, position } = buildJourney(mergeEvents(sources(transports, [], VESSELS)));
    expect(outline(legs).slice(-2)).toEqual(["rail 1 USLAX→USCHI done", "inland USCHI current"]);
    expect(position).toMatchObject({ kind: "at_place", place: { locode: "USCHI" } });
  });
});
