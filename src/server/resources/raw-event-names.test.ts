// Every raw event name this service can send is one the hosted API's raw_event schema allows (its `event` enum,
// in the reference file), or null: strict clients written for the hosted API must accept our raw events.
import { describe, expect, it } from "vitest";
import { MILESTONE_ORDER, RAW_EVENT_NAMES, rawEventName, TRANSPORT_MILESTONES } from "../../api/milestones";
import hosted from "../http/fixtures/hosted-api-schemas.json" with { type: "json" };

const referenceEnum: string[] = hosted.schemas.raw_event.properties.attributes.properties.event.enum;

describe("raw event names", () => {
  it("are the reference's raw_event enum, no more and no fewer", () => {
    expect([...RAW_EVENT_NAMES].sort()).toEqual([...referenceEnum].sort());
  });

  it.each([...new Set([...MILESTONE_ORDER, ...TRANSPORT_MILESTONES])])(
    "the milestone %s is sent as a name of the reference's enum or as null",
    (milestone) => {
      const name = rawEventName(milestone);
      if (name !== null) expect(referenceEnum).toContain(name);
    },
  );

  it("send vessel_berthed, which the hosted raw names lack, as null; keep the names they share", () => {
    expect(rawEventName("vessel_berthed")).toBeNull();
    expect(rawEventName("not_available")).toBeNull();
    expect(rawEventName("arrived_at_inland_destination")).toBe("arrived_at_destination");
    expect(rawEventName("vessel_discharged")).toBe("vessel_discharged");
  });
});
