// Reseeding the reference data after the shipped lists change must rewrite rows already in the database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/service-harness";
import { portId, seedReferenceData, terminalId } from "./reference-data";
import { ports, settings, terminals } from "./schema";

describe("seedReferenceData", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("restores ports and terminals edited since the last seed when the lists change", async () => {
    const la = portId("USLAX");
    const apm = terminalId("USLAX", "APM Terminals", "APMT");
    await h.db.update(ports).set({ timeZone: "UTC", countryCode: "XX" }).where(eq(ports.id, la));
    await h.db.update(terminals).set({ firmsCode: "ZZZZ" }).where(eq(terminals.id, apm));
    // A different stored hash is what a deploy with new lists looks like.
    await h.db.update(settings).set({ value: "older lists" }).where(eq(settings.key, "reference_data_hash"));

    await seedReferenceData(h.db);

    const [port] = await h.db.select().from(ports).where(eq(ports.id, la));
    const [terminal] = await h.db.select().from(terminals).where(eq(terminals.id, apm));
    expect(port).toMatchObject({ timeZone: "America/Los_Angeles", countryCode: "US" });
    expect(terminal!.firmsCode).not.toBe("ZZZZ");
    expect(terminal!.firmsCode).toMatch(/^[A-Z0-9]{4}$/);
  });

  it("leaves the database alone when it already holds these lists", async () => {
    const la = portId("USLAX");
    await h.db.update(ports).set({ name: "Edited" }).where(eq(ports.id, la));
    await seedReferenceData(h.db);
    const [port] = await h.db.select().from(ports).where(eq(ports.id, la));
    expect(port!.name).toBe("Edited");
  });
});
