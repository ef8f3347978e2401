// The snapshot writer's diff, without a database: what is stored and a new snapshot in, the rows to write and the
// outbox rows out. What a first diff inserts is fed back as what is stored, as the database would answer it.
import { describe, expect, it } from "vitest";
import type { HeldShipment } from "../db/tracking-work";
import {
  atSeaLines,
  container,
  day,
  LOS_ANGELES,
  LOS_ANGELES_ID,
  line,
  referenceData,
  SHANGHAI,
  snapshot,
  storedAfter,
  TRAPAC_ID,
  terminalStatus,
  VESSEL,
  VESSEL_ID,
} from "../testing/snapshot-fixtures";
import type { CarrierEvent, CarrierSnapshot } from "./carrier-adapter";
import { containerColumns } from "./snapshot-derive";
import { changedAttributes, type DiffContext, diffContainers, etaChange } from "./snapshot-diff";

const scope = { accountId: "account-1", shipmentId: "shipment-1" };

/** A context whose new ids are `id-1`, `id-2`, … in the order the diff asks for them. */
function context(now = day(16)): DiffContext {
  let next = 0;
  return {
    reference: referenceData(),
    vesselIds: new Map([[VESSEL.imo, VESSEL_ID]]),
    now,
    newId: () => `id-${++next}`,
  };
}

/** What is stored once `s` was written for a new shipment. */
function written(s: CarrierSnapshot) {
  const first = diffContainers(context(day(1)), {
    scope,
    snapshot: s,
    stored: [],
    announceNewContainers: false,
  });
  return storedAfter(first.changes);
}

/** Diffs `next` against what `before` left stored, as a refresh of a tracked shipment does. */
function refresh(before: CarrierSnapshot, next: CarrierSnapshot) {
  return diffContainers(context(), {
    scope,
    snapshot: next,
    stored: written(before),
    announceNewContainers: true,
  });
}

const replaced = (lines: CarrierEvent[], event: string, change: Partial<CarrierEvent>) =>
  lines.map((l) => (l.event === event ? { ...l, ...change } : l));

describe("a new container", () => {
  it("is inserted with its lines as raw events, and transport events for what has happened and the arrival's estimate", () => {
    const { changes, outbox } = diffContainers(context(), {
      scope,
      snapshot: snapshot([container("MSCU1234565", atSeaLines())]),
      stored: [],
      announceNewContainers: false,
    });
    expect(changes.containerInserts).toHaveLength(1);
    expect(changes.containerInserts[0]).toMatchObject({
      id: "id-1",
      accountId: "account-1",
      shipmentId: "shipment-1",
      number: "MSCU1234565",
      currentStatus: "on_ship",
    });
    expect(changes.rawInserts.map((r) => [r.event, r.index, r.estimated, r.containerId])).toEqual([
      ["full_in", 0, false, "id-1"],
      ["vessel_loaded", 1, false, "id-1"],
      ["vessel_departed", 2, false, "id-1"],
      ["vessel_arrived", 3, true, "id-1"],
      ["vessel_discharged", 4, true, "id-1"],
    ]);
    expect(changes.transportInserts.map((t) => t.event)).toEqual([
      "container.transport.full_in",
      "container.transport.vessel_loaded",
      "container.transport.vessel_departed",
      "container.transport.estimated.vessel_arrived",
    ]);
    // One outbox row per movement, in the carrier's order, pointing at its transport event; on a new shipment
    // the container itself is not announced.
    expect(outbox.map((o) => [o.event, o.referenceType, o.referenceId])).toEqual(
      changes.transportInserts.map((t) => [t.event, "transport_event", t.id]),
    );
    expect(outbox.every((o) => o.accountId === "account-1" && o.containerId === "id-1")).toBe(true);
    expect(changes.containerUpdates).toEqual([]);
    expect(changes.rawUpdates).toEqual([]);
    expect(changes.rawDeletes).toEqual([]);
    expect(changes.transportUpdates).toEqual([]);
  });

  it("is announced with container.created when the carrier adds it to a tracked shipment", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const after = snapshot([...before.containers, container("TGHU7654321", atSeaLines())]);
    const { changes, outbox } = refresh(before, after);
    expect(changes.containerInserts.map((c) => c.number)).toEqual(["TGHU7654321"]);
    const created = changes.containerInserts[0]!.id;
    expect(outbox[0]).toMatchObject({
      event: "container.created",
      referenceType: "container",
      referenceId: created,
    });
    expect(outbox.slice(1).map((o) => o.event)).toEqual([
      "container.transport.full_in",
      "container.transport.vessel_loaded",
      "container.transport.vessel_departed",
      "container.transport.estimated.vessel_arrived",
    ]);
  });
});

describe("an estimate's transport event", () => {
  const arrivalOf = (changes: { transportInserts: { event: string; id?: string }[] }) =>
    changes.transportInserts.find((t) => t.event === "container.transport.estimated.vessel_arrived");

  it("is announced again, updated in place, when the estimate moves", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const later = snapshot([
      container("MSCU1234565", replaced(atSeaLines(), "vessel_arrived", { at: day(15) })),
    ]);
    const stored = written(before);
    const estimate = stored[0]!.transport.find(
      (t) => t.event === "container.transport.estimated.vessel_arrived",
    )!;
    const { changes, outbox } = refresh(before, later);
    expect(changes.transportInserts).toEqual([]);
    expect(changes.transportUpdates).toEqual([
      expect.objectContaining({ id: estimate.id, timestamp: day(15) }),
    ]);
    expect(outbox.map((o) => [o.event, o.referenceId])).toEqual([
      ["container.transport.estimated.vessel_arrived", estimate.id],
    ]);
  });

  it("is removed when the arrival happens, which is announced as the arrival", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const arrived = snapshot([
      container("MSCU1234565", replaced(atSeaLines(), "vessel_arrived", { estimated: false })),
    ]);
    const stored = written(before);
    const estimate = stored[0]!.transport.find(
      (t) => t.event === "container.transport.estimated.vessel_arrived",
    )!;
    const { changes, outbox } = refresh(before, arrived);
    expect(changes.transportDeletes).toEqual([{ accountId: "account-1", id: estimate.id }]);
    expect(arrivalOf(changes)).toBeUndefined();
    expect(changes.transportInserts.map((t) => t.event)).toEqual(["container.transport.vessel_arrived"]);
    expect(outbox.map((o) => o.event)).toEqual(["container.transport.vessel_arrived"]);
  });

  it("is neither written nor announced while the estimate stays", () => {
    const s = snapshot([container("MSCU1234565", atSeaLines())]);
    const { changes, outbox } = refresh(s, s);
    expect([changes.transportInserts, changes.transportUpdates, changes.transportDeletes, outbox]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });
});

describe("an unchanged container", () => {
  it("produces no write and no outbox row", () => {
    const s = snapshot([
      container("MSCU1234565", atSeaLines(), terminalStatus({ lastFreeDayTerminal: day(20) })),
    ]);
    const { changes, outbox } = refresh(s, s);
    expect(Object.values(changes).every((rows) => rows.length === 0)).toBe(true);
    expect(outbox).toEqual([]);
  });
});

describe("a changed container", () => {
  it("updates the row in its account and announces the watched attributes that changed", () => {
    const before = snapshot([
      container("MSCU1234565", atSeaLines(), terminalStatus({ lastFreeDayTerminal: day(20) })),
    ]);
    const after = snapshot(
      [
        container(
          "MSCU1234565",
          atSeaLines(),
          terminalStatus({ lastFreeDayTerminal: day(22), availableForPickup: true }),
        ),
      ],
      { portOfDischargeTerminal: { locode: "USLAX", name: "TraPac" } },
    );
    const stored = written(before);
    const { changes, outbox } = diffContainers(context(), {
      scope,
      snapshot: after,
      stored,
      announceNewContainers: true,
    });
    expect(changes.containerUpdates).toHaveLength(1);
    expect(changes.containerUpdates[0]).toMatchObject({
      id: stored[0]!.id,
      accountId: "account-1",
      lfdTerminal: day(22),
      availableForPickup: true,
      podTerminalId: TRAPAC_ID,
      updatedAt: day(16),
    });
    expect(outbox.map((o) => o.event)).toEqual([
      "container.updated",
      "container.pickup_lfd.changed",
      "container.pickup_lfd_terminal.changed",
      "container.pod_terminal_changed",
    ]);
    expect(outbox[0]!.changes).toEqual({
      available_for_pickup: { from: false, to: true },
      pickup_lfd: { from: day(20).toISOString(), to: day(22).toISOString() },
      pod_terminal: { from: stored[0]!.podTerminalId, to: TRAPAC_ID },
    });
    expect(outbox.every((o) => o.referenceId === stored[0]!.id && o.accountId === "account-1")).toBe(true);
  });

  it("announces a first last free day as a change, but not as a changed last free day", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines(), terminalStatus())]);
    const after = snapshot([
      container("MSCU1234565", atSeaLines(), terminalStatus({ lastFreeDayTerminal: day(20) })),
    ]);
    const { outbox } = refresh(before, after);
    expect(outbox.map((o) => o.event)).toEqual(["container.updated"]);
    expect(outbox[0]!.changes).toEqual({ pickup_lfd: { from: null, to: day(20).toISOString() } });
  });

  it("names a rail facility's changed last free day and every change of a pickup appointment", () => {
    const before = snapshot([
      container("MSCU1234565", atSeaLines(), terminalStatus({ lastFreeDayRail: day(24) })),
    ]);
    const moved = snapshot([
      container(
        "MSCU1234565",
        atSeaLines(),
        terminalStatus({ lastFreeDayRail: day(25), pickupAppointmentAt: day(21) }),
      ),
    ]);
    expect(refresh(before, moved).outbox.map((o) => o.event)).toEqual([
      "container.updated",
      "container.pickup_lfd_rail.changed",
      "container.pickup_appointment.changed",
    ]);
    // Cancelled: still a change of the appointment; a first rail day is not a changed one.
    const cancelled = snapshot([
      container("MSCU1234565", atSeaLines(), terminalStatus({ lastFreeDayRail: day(25) })),
    ]);
    expect(refresh(moved, cancelled).outbox.map((o) => o.event)).toEqual([
      "container.updated",
      "container.pickup_appointment.changed",
    ]);
    const first = snapshot([container("MSCU1234565", atSeaLines(), terminalStatus())]);
    expect(refresh(first, before).outbox.map((o) => o.event)).toEqual(["container.updated"]);
  });

  it("updates a status change without announcing it", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines().slice(0, 1))]);
    const after = snapshot([container("MSCU1234565", atSeaLines().slice(0, 2))]);
    const { changes, outbox } = refresh(before, after);
    expect(changes.containerUpdates.map((c) => c.currentStatus)).toEqual(["on_ship"]);
    expect(outbox.map((o) => o.event)).toEqual(["container.transport.vessel_loaded"]);
  });

  it("writes the vessel's arrival while the status stays on_ship, announced by its transport event only", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const arrived = replaced(atSeaLines(), "vessel_arrived", { estimated: false });
    const { changes, outbox } = refresh(before, snapshot([container("MSCU1234565", arrived)]));
    expect(changes.containerUpdates).toHaveLength(1);
    expect(changes.containerUpdates[0]).toMatchObject({ currentStatus: "on_ship", podArrivedAt: day(14) });
    expect(outbox.map((o) => o.event)).toEqual(["container.transport.vessel_arrived"]);
  });

  it("writes a new terminal check and a moved inland estimate, announced as the estimate's event only", () => {
    const lines = [...atSeaLines(), line("arrived_at_inland_destination", day(20), { estimated: true })];
    const withDestination = (l: CarrierEvent[], checkedAt: Date) =>
      snapshot([container("MSCU1234565", l, terminalStatus({ checkedAt }))], {
        destination: LOS_ANGELES,
      });
    const later = replaced(lines, "arrived_at_inland_destination", { at: day(21) });
    const { changes, outbox } = refresh(withDestination(lines, day(15)), withDestination(later, day(16)));
    expect(changes.containerUpdates).toHaveLength(1);
    expect(changes.containerUpdates[0]).toMatchObject({ terminalCheckedAt: day(16), indEtaAt: day(21) });
    expect(outbox.map((o) => o.event)).toEqual([
      "container.transport.estimated.arrived_at_inland_destination",
    ]);
  });
});

describe("raw events", () => {
  it("appends new lines, updates changed ones in place, keeps unchanged ones and drops vanished estimates", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const lines = [
      ...replaced(atSeaLines(), "vessel_arrived", { at: day(13) }).filter(
        (l) => l.event !== "vessel_discharged",
      ),
      line("available", day(16), { place: LOS_ANGELES, estimated: true }),
    ];
    const stored = written(before);
    const { changes } = diffContainers(context(), {
      scope,
      snapshot: snapshot([container("MSCU1234565", lines)]),
      stored,
      announceNewContainers: true,
    });
    const rawId = (event: string) => stored[0]!.raw.find((r) => r.event === event)!.id;
    expect(changes.rawUpdates).toEqual([
      {
        id: rawId("vessel_arrived"),
        accountId: "account-1",
        event: "vessel_arrived",
        originalEvent: "VESSEL ARRIVED",
        timestamp: day(13),
        estimated: true,
        voyageNumber: "042E",
        locationId: LOS_ANGELES_ID,
        locationName: "Los Angeles, CA",
        vesselId: VESSEL_ID,
      },
    ]);
    // Indexes go on from the last stored one.
    expect(changes.rawInserts.map((r) => [r.event, r.index, r.accountId])).toEqual([
      ["available", 5, "account-1"],
    ]);
    expect(changes.rawDeletes).toEqual([{ accountId: "account-1", id: rawId("vessel_discharged") }]);
  });

  it("keeps a line that has happened even when the carrier no longer shows it", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const after = snapshot([container("MSCU1234565", atSeaLines().slice(1))]);
    const { changes } = refresh(before, after);
    expect(changes.rawDeletes).toEqual([]);
  });
});

describe("transport events", () => {
  it("turns an estimate that becomes actual into a new transport event, announced once", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    // At the time it was estimated for: only the flag changes.
    const arrived = replaced(atSeaLines(), "vessel_arrived", { estimated: false });
    const stored = written(before);
    const { changes, outbox } = diffContainers(context(), {
      scope,
      snapshot: snapshot([container("MSCU1234565", arrived)]),
      stored,
      announceNewContainers: true,
    });
    const rawArrival = stored[0]!.raw.find((r) => r.event === "vessel_arrived")!;
    expect(changes.rawUpdates.map((r) => [r.id, r.estimated, r.timestamp])).toEqual([
      [rawArrival.id, false, day(14)],
    ]);
    expect(changes.transportInserts).toHaveLength(1);
    expect(changes.transportInserts[0]).toMatchObject({
      event: "container.transport.vessel_arrived",
      accountId: "account-1",
      shipmentId: "shipment-1",
      containerId: stored[0]!.id,
      carrierKey: rawArrival.carrierKey,
      timestamp: day(14),
      locationId: LOS_ANGELES_ID,
      dataSource: "shipping_line",
    });
    expect(outbox).toEqual([
      {
        accountId: "account-1",
        shipmentId: "shipment-1",
        containerId: stored[0]!.id,
        event: "container.transport.vessel_arrived",
        referenceType: "transport_event",
        referenceId: changes.transportInserts[0]!.id,
        createdAt: day(16),
      },
    ]);

    // Written, the same answer again changes nothing.
    const again = diffContainers(context(), {
      scope,
      snapshot: snapshot([container("MSCU1234565", arrived)]),
      stored: written(snapshot([container("MSCU1234565", arrived)])),
      announceNewContainers: true,
    });
    expect(again.changes.transportInserts).toEqual([]);
    expect(again.outbox).toEqual([]);
  });

  it("corrects a movement whose time or place changed, without announcing it again", () => {
    const before = snapshot([container("MSCU1234565", atSeaLines())]);
    const corrected = replaced(atSeaLines(), "vessel_departed", { at: day(0.5) });
    const stored = written(before);
    const { changes, outbox } = diffContainers(context(), {
      scope,
      snapshot: snapshot([container("MSCU1234565", corrected)]),
      stored,
      announceNewContainers: true,
    });
    const departed = stored[0]!.transport.find((t) => t.carrierKey === `vessel_departed@${SHANGHAI.locode}`)!;
    expect(changes.transportUpdates).toEqual([
      {
        id: departed.id,
        accountId: "account-1",
        event: "container.transport.vessel_departed",
        timestamp: day(0.5),
        voyageNumber: "042E",
        locationId: departed.locationId,
        terminalId: null,
        vesselId: VESSEL_ID,
      },
    ]);
    expect(changes.transportInserts).toEqual([]);
    expect(outbox).toEqual([]);
  });
});

describe("changedAttributes", () => {
  it("compares dates by instant and lists by content, and names what differs by its wire name", () => {
    const holds = [{ name: "customs", status: "hold" as const, description: null }];
    const s = snapshot([
      container("MSCU1234565", atSeaLines(), terminalStatus({ lastFreeDayTerminal: day(20), holds })),
    ]);
    const next = containerColumns(referenceData(), s, s.containers[0]!);
    const [stored] = written(s);
    const equal = {
      ...stored!,
      lfdTerminal: new Date(day(20).getTime()),
      holdsAtPodTerminal: structuredClone(stored!.holdsAtPodTerminal),
    };
    expect(changedAttributes(equal, next)).toEqual({});
    expect(changedAttributes({ ...stored!, lfdTerminal: null, holdsAtPodTerminal: [] }, next)).toEqual({
      holds_at_pod_terminal: { from: [], to: holds },
      pickup_lfd: { from: null, to: day(20).toISOString() },
    });
  });
});

describe("etaChange", () => {
  const shipment: HeldShipment = {
    id: "shipment-1",
    accountId: "account-1",
    podEtaAt: day(14),
    podOriginalEtaAt: day(14),
    lineTrackingLastSucceededAt: day(1),
    lineTrackingStoppedAt: null,
    lineTrackingStoppedReason: null,
    nextRefreshAt: day(15),
  };

  it("announces an estimate that moved", () => {
    expect(etaChange(shipment, day(15), day(2))).toEqual({
      accountId: "account-1",
      shipmentId: "shipment-1",
      event: "shipment.estimated.arrival",
      referenceType: "shipment",
      referenceId: "shipment-1",
      changes: { pod_eta_at: { from: day(14).toISOString(), to: day(15).toISOString() } },
      createdAt: day(2),
    });
  });

  it("says nothing when the estimate stays, appears or goes", () => {
    expect(etaChange(shipment, new Date(day(14).getTime()), day(2))).toBeNull();
    expect(etaChange({ ...shipment, podEtaAt: null }, day(15), day(2))).toBeNull();
    expect(etaChange(shipment, null, day(2))).toBeNull();
  });
});
