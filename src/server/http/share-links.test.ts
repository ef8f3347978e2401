// Service tests of share links: a member makes a read-only link to a shipment (shown once), whoever has it reads
// the shipment without a key or a session (its line, ports, dates, containers, milestones, map and the documents
// the link offers) and nothing the account keeps to itself (tags, customer, reference numbers, fees, other
// shipments); an unknown, expired or revoked link is the same 404; links are listed with who made and revoked
// them, recorded in the activity log, refused to viewers and to other accounts, rate-limited, and never indexed.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../api/durations";
import { sharedShipmentSchema } from "../../api/share-links";
import { replaceDocumentNumbers } from "../db/documents";
import { pngImage } from "../testing/document-fixtures";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let owner: { apiKey: string; account: { id: string } };
let shipment: Awaited<ReturnType<typeof insertShipment>>;
let documentId: string;
let otherDocumentId: string;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field.
const json = async (response: Response): Promise<any> => response.json();
const linksOf = (id: string) => `/v2/shipments/${id}/share_links`;
/** The public read of a link's url, as a browser without a session makes it. */
/** Our own Origin: the harness's PUBLIC_URL here, which a person's writes must come from. */
const ORIGIN = { origin: "https://track.example" };
const open = (url: string, headers: Record<string, string> = {}) =>
  h.app.request(`http://localhost/shared/api/${url.split("/shared/")[1]}`, { headers });

async function uploadPng(bytes: number, name: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(pngImage(bytes))], { type: "image/png" }), name);
  const response = await h.request(owner.apiKey, "/v2/documents", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await json(response)).data.id as string;
}

beforeAll(async () => {
  // Behind a proxy, so that the rate limit tests can come from two addresses (X-Forwarded-For).
  h = await createHarness({ config: { publicUrl: "https://track.example", trustProxy: true } });
  owner = await h.newAccount();
  shipment = await insertShipment(h.db, owner.account.id, {
    tags: ["secret-tag"],
    refNumbers: ["PO-SECRET-1"],
    containerNumbers: ["MSKU1234565", "MSKU7654321"],
  });
  await h.db.execute(
    `update shipments set customer_name = 'Hidden Customer Ltd' where id = '${shipment.shipment.id}'`,
  );
  // Two documents: one names the shipment, one names nothing the account tracks.
  documentId = await uploadPng(300, "arrival-notice.png");
  otherDocumentId = await uploadPng(301, "unrelated.png");
  await replaceDocumentNumbers(h.db, owner.account.id, documentId, [
    { number: shipment.shipment.normalizedNumber, numberType: "bill_of_lading", scac: "MAEU" },
  ]);
  await insertShipment(h.db, owner.account.id, { billOfLading: "MAEU999000111" });
});
afterAll(async () => {
  await h.close();
});

describe("a share link", () => {
  let url: string;
  let linkId: string;

  it("is made by the account, shown once, and opens the shipment without a key or a session", async () => {
    const made = await h.request(owner.apiKey, linksOf(shipment.shipment.id), {
      method: "POST",
      json: { data: { attributes: { expires_in_days: 7, document_ids: [documentId] } } },
    });
    expect(made.status).toBe(201);
    const body = await json(made);
    url = body.data.attributes.url;
    linkId = body.data.id;
    expect(url).toMatch(/^https:\/\/track\.example\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(body.data.attributes).toMatchObject({
      status: "active",
      show_map: true,
      document_ids: [documentId],
    });
    expect(Date.parse(body.data.attributes.expires_at) - Date.parse(body.data.attributes.created_at)).toBe(
      7 * DAY,
    );

    const shared = await open(url);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(shared.headers.get("cache-control")).toBe("no-store");
    expect(shared.headers.get("referrer-policy")).toBe("no-referrer");
    const view = sharedShipmentSchema.parse(await json(shared));
    expect(view.bill_of_lading_number).toBe(shipment.shipment.billOfLadingNumber);
    expect(view.port_of_discharge?.locode).toBe("USLAX");
    expect(view.containers.map((c) => c.number)).toEqual(["MSKU1234565", "MSKU7654321"]);
    expect(view.map?.type).toBe("FeatureCollection");
    expect(view.documents.map((d) => d.name)).toEqual(["arrival-notice.png"]);
  });

  it("shows nothing the account keeps to itself", async () => {
    const text = await (await open(url)).text();
    for (const secret of [
      "secret-tag",
      "PO-SECRET-1",
      "Hidden Customer",
      "demurrage",
      "fees",
      "MAEU999000111",
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toContain(owner.account.id);
  });

  it("downloads only the documents it offers", async () => {
    const view = await json(await open(url));
    const download = await h.app.request(`http://localhost${view.documents[0].url}`);
    expect(download.status).toBe(302);
    const file = await h.app.request(`http://localhost${download.headers.get("location")}`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer()).byteLength).toBe(300);
    const token = url.split("/shared/")[1];
    for (const id of [otherDocumentId, randomUUID(), "not-an-id"]) {
      const refused = await h.app.request(`http://localhost/shared/api/${token}/documents/${id}`);
      expect(refused.status).toBe(404);
    }
  });

  it("is listed without its token, with who made it, and is in the activity log", async () => {
    const list = await json(await h.request(owner.apiKey, linksOf(shipment.shipment.id)));
    expect(list.data).toHaveLength(1);
    expect(list.data[0].attributes.url).toBeUndefined();
    expect(list.data[0].attributes.token_hint).toBe(url.slice(-4));
    expect(list.data[0].attributes.created_by_name).toMatch(/^API key/);
    const log = await json(await h.request(owner.apiKey, "/v2/activity?filter[kind]=share_link.created"));
    expect(log.data).toHaveLength(1);
  });

  it("stops opening when revoked, and says who revoked it", async () => {
    const revoked = await h.request(owner.apiKey, `${linksOf(shipment.shipment.id)}/${linkId}`, {
      method: "DELETE",
    });
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).data.attributes).toMatchObject({ status: "revoked" });
    const closed = await open(url);
    expect(closed.status).toBe(404);
    expect((await json(closed)).errors[0].code).toBe("share_link_not_found");
    const again = await h.request(owner.apiKey, `${linksOf(shipment.shipment.id)}/${linkId}`, {
      method: "DELETE",
    });
    expect(again.status).toBe(200);
    const log = await json(await h.request(owner.apiKey, "/v2/activity?filter[kind]=share_link.revoked"));
    expect(log.data).toHaveLength(1);
  });

  it("stops opening when it expires", async () => {
    const made = await json(
      await h.request(owner.apiKey, linksOf(shipment.shipment.id), {
        method: "POST",
        json: { data: { attributes: { expires_in_days: 1, show_map: false } } },
      }),
    );
    const view = await json(await open(made.data.attributes.url));
    expect(view.map).toBeNull();
    expect(view.documents).toEqual([]);
    h.authClock.advance(DAY + 1_000);
    expect((await open(made.data.attributes.url)).status).toBe(404);
    const list = await json(await h.request(owner.apiKey, linksOf(shipment.shipment.id)));
    const expired = list.data.find((l: { id: string }) => l.id === made.data.id);
    expect(expired.attributes.status).toBe("expired");
  });

  it("answers an unknown or malformed token 404, the same as a closed one", async () => {
    for (const token of ["x".repeat(43), "short", "%00", "a".repeat(500)]) {
      const response = await h.app.request(`http://localhost/shared/api/${token}`);
      expect(response.status).toBe(404);
    }
  });
});

describe("making and revoking links", () => {
  it("refuses bad input with the attribute that was wrong, and makes nothing", async () => {
    const path = linksOf(shipment.shipment.id);
    const before = (await json(await h.request(owner.apiKey, path))).data.length;
    const cases: [unknown, string][] = [
      [{ data: { attributes: { expires_in_days: 0 } } }, "/data/attributes/expires_in_days"],
      [{ data: { attributes: { expires_in_days: 366 } } }, "/data/attributes/expires_in_days"],
      [{ data: { attributes: { expires_in_days: 1.5 } } }, "/data/attributes/expires_in_days"],
      [{ data: { attributes: { show_map: "yes" } } }, "/data/attributes/show_map"],
      [{ data: { attributes: { document_ids: [otherDocumentId] } } }, "/data/attributes/document_ids/0"],
      [{ data: { attributes: { document_ids: ["nonsense"] } } }, "/data/attributes/document_ids/0"],
      [{ data: { attributes: { token: "mine" } } }, "/data/attributes/token"],
    ];
    for (const [body, pointer] of cases) {
      const response = await h.request(owner.apiKey, path, { method: "POST", json: body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const errors = (await json(response)).errors;
      expect(errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
    }
    expect((await json(await h.request(owner.apiKey, path))).data.length).toBe(before);
  });

  it("makes a link from a POST without a body, with the defaults, and answers a malformed shipment id 404", async () => {
    const bare = await h.app.request(`http://localhost${linksOf(shipment.shipment.id)}`, {
      method: "POST",
      headers: { authorization: `Token ${owner.apiKey}` },
    });
    expect(bare.status).toBe(201);
    const a = (await json(bare)).data.attributes;
    expect(a).toMatchObject({ show_map: true, document_ids: [], status: "active" });
    expect(Date.parse(a.expires_at) - Date.parse(a.created_at)).toBe(30 * DAY);
    const malformed = await h.request(owner.apiKey, linksOf("not-a-uuid"), { method: "POST", json: {} });
    expect(malformed.status).toBe(404);
    const nul = await h.request(owner.apiKey, linksOf("%00"), { method: "POST", json: {} });
    expect(nul.status).toBe(400);
    const revoke = await h.request(owner.apiKey, `${linksOf(shipment.shipment.id)}/zzz`, {
      method: "DELETE",
    });
    expect(revoke.status).toBe(404);
  });

  it("is another account's 404, and a viewer's 403", async () => {
    const other = await h.newAccount();
    expect((await h.request(other.apiKey, linksOf(shipment.shipment.id))).status).toBe(404);
    const made = await h.request(other.apiKey, linksOf(shipment.shipment.id), { method: "POST", json: {} });
    expect(made.status).toBe(404);
    const list = await json(await h.request(owner.apiKey, linksOf(shipment.shipment.id)));
    const revoke = await h.request(other.apiKey, `${linksOf(shipment.shipment.id)}/${list.data[0].id}`, {
      method: "DELETE",
    });
    expect(revoke.status).toBe(404);

    const viewer = await personCookie(h, owner.account.id, `viewer-${randomUUID()}@example.com`, "viewer");
    expect((await asPerson(h, viewer, linksOf(shipment.shipment.id))).status).toBe(200);
    const refused = await asPerson(h, viewer, linksOf(shipment.shipment.id), {
      method: "POST",
      json: {},
      headers: ORIGIN,
    });
    expect(refused.status).toBe(403);
    const member = await personCookie(h, owner.account.id, `member-${randomUUID()}@example.com`, "member");
    const byMember = await asPerson(h, member, linksOf(shipment.shipment.id), {
      method: "POST",
      json: {},
      headers: ORIGIN,
    });
    expect(byMember.status, await byMember.clone().text()).toBe(201);
    expect((await json(byMember)).data.attributes.created_by_name).toMatch(/^member-/);
  });
});

describe("the shared page's limits", () => {
  it("answers one client address at most 60 times a minute, and another still", async () => {
    const made = await json(
      await h.request(owner.apiKey, linksOf(shipment.shipment.id), { method: "POST", json: {} }),
    );
    const from = (address: string) => open(made.data.attributes.url, { "x-forwarded-for": address });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await from("203.0.113.7")).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    const refused = await from("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await from("203.0.113.8")).status).toBe(200);
  });
});
