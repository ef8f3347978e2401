// Service test of the voyage exceptions: a sandbox shipment whose line rolls its boxes to a later vessel, followed
// through the real tracking engine on a hand-driven clock. The roll is recorded once, in the container's list of
// exceptions, under `filter[voyage_exception]` on both lists and in the summary for 7 days, and as a person's alert.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../api/durations";
import { insertTrackingRequests } from "../db/tracking-requests";
import { connectTools } from "../testing/mcp-tool-client";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { sandbox, sandboxEngine } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { rolledSoonRequest } from "../tracking/sandbox-rolled-box";
import { registerContainerTools } from "./mcp/tools/container-tools";

interface Row {
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string } }>;
}
interface Doc {
  data: Row[];
  errors?: { detail: string; source?: { parameter?: string } }[];
}

describe("voyage exceptions", () => {
  let h: Harness;
  let accountId: string;
  let key: string;
  const get = async (path: string) => {
    const r = await h.request(key, path);
    return { status: r.status, body: (await r.json()) as Doc };
  };

  beforeEach(async () => {
    h = await createHarness();
    const created = await h.newAccount("Rolled Co");
    accountId = created.account.id;
    key = created.apiKey;
  });
  afterEach(() => h.close());

  it("records a roll once, lists it, filters by it for 7 days, and alerts a person's rule", async () => {
    const found = rolledSoonRequest(sandbox, h.clock.now(), h.clock.now());
    if (!found) throw new Error("the sandbox has no shipment about to be rolled");
    await insertTrackingRequests(h.db, accountId, [found.request]);
    const engine = sandboxEngine(h);
    await engine.runUntilIdle();
    const [box] = (await get("/v2/containers")).body.data;
    if (!box) throw new Error("the request was not tracked");

    // Booked and not yet rolled: nothing to tell.
    expect((await get(`/v2/containers/${box.id}/voyage_exceptions`)).body.data).toEqual([]);

    h.clock.advance(found.rollsInHours * HOUR);
    await engine.runUntilIdle();
    const listed = await get(`/v2/containers/${box.id}/voyage_exceptions`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const [roll] = listed.body.data as Row[];
    const a = roll!.attributes as {
      kind: string;
      location: { name: string };
      vessel: { name: string };
      previous_vessel: { name: string };
      departure_at: string;
      previous_departure_at: string;
      summary: string;
    };
    expect(a.kind).toBe("rolled");
    expect(a.vessel.name).not.toBe(a.previous_vessel.name);
    expect(Date.parse(a.departure_at) - Date.parse(a.previous_departure_at)).toBeGreaterThanOrEqual(DAY);
    expect(a.summary).toContain(
      `Rolled to a later vessel at ${a.location.name}: was ${a.previous_vessel.name}`,
    );
    expect(a.summary).toContain(`now ${a.vessel.name}`);
    expect(roll!.relationships?.container?.data.id).toBe(box.id);

    // Refreshing again sees the same plan: recorded once.
    h.clock.advance(6 * HOUR);
    await engine.runUntilIdle();
    expect((await get(`/v2/containers/${box.id}/voyage_exceptions`)).body.data).toHaveLength(1);

    // The lists' filter and the summary's count.
    expect((await get("/v2/containers?filter[voyage_exception]=rolled")).body.data.map((c) => c.id)).toEqual([
      box.id,
    ]);
    expect((await get("/v2/shipments?filter[voyage_exception]=rolled,vessel_swap")).body.data).toHaveLength(
      1,
    );
    expect((await get("/v2/containers?filter[voyage_exception]=vessel_swap")).body.data).toEqual([]);
    const summary = (await (await h.request(key, "/v2/containers/summary")).json()) as {
      data: { attributes: { voyage_exception: { count: number; filters: Record<string, string> } } };
    };
    expect(summary.data.attributes.voyage_exception.count).toBe(1);
    expect(summary.data.attributes.voyage_exception.filters["filter[voyage_exception]"]).toContain("rolled");

    // A person's rule made after the roll is told of it (the last 7 days'), once.
    const ana = await personCookie(h, accountId, "ana@rolled.example", "member");
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: { data: { attributes: { name: "Rolls", kind: "voyage_exception", channels: ["in_app"] } } },
    });
    expect(made.status).toBe(201);
    await h.service.alerts.runOnce();
    await h.service.alerts.runOnce();
    const notifications = (await (await asPerson(h, ana, "/v2/notifications")).json()) as Doc;
    const titles = notifications.data.map((n) => n.attributes.title);
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(/^Rolled to a later vessel: \w+ at /);
    expect(notifications.data[0]!.attributes.details).toEqual([
      expect.stringMatching(/was .* now .* \(\d+ days? later\)\.$/),
      expect.stringContaining("need another look"),
    ]);

    // An assistant asking after the box hears of the roll (MCP get_container), in the API's own sentence.
    const tools = await connectTools(h, key, registerContainerTools);
    try {
      const result = await tools.call("get_container", { container: box.id });
      const answer = result.structuredContent as { voyage_changes: { kind: string; summary: string }[] };
      expect(answer.voyage_changes).toEqual([
        { kind: "rolled", summary: a.summary, seen: expect.any(String) },
      ]);
      expect((result.content as { text: string }[])[0]!.text).toContain(a.summary);
    } finally {
      await tools.close();
    }

    // A week on it is no longer recent: the filter and the count drop it, the container keeps it.
    h.clock.advance(8 * DAY);
    expect((await get("/v2/containers?filter[voyage_exception]=rolled")).body.data).toEqual([]);
    expect((await get(`/v2/containers/${box.id}/voyage_exceptions`)).body.data).toHaveLength(1);
  });

  it("answers a bad filter value with 400 naming the kinds, and another account's container with 404", async () => {
    const bad = await get("/v2/containers?filter[voyage_exception]=rolled,sunk");
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.source?.parameter).toBe("filter[voyage_exception]");
    expect(bad.body.errors?.[0]?.detail).toContain("missed_transshipment");
    const other = await h.newAccount("Other Co");
    const found = rolledSoonRequest(sandbox, h.clock.now(), h.clock.now());
    await insertTrackingRequests(h.db, other.account.id, [found!.request]);
    await sandboxEngine(h).runUntilIdle();
    const theirs = (await (await h.request(other.apiKey, "/v2/containers")).json()) as Doc;
    const id = theirs.data[0]!.id;
    expect((await get(`/v2/containers/${id}/voyage_exceptions`)).status).toBe(404);
    expect((await get("/v2/containers/not-an-id/voyage_exceptions")).status).toBe(404);
  });
});
