// Service tests of people: sign-in and sessions by cookie, roles on /v2 (a viewer's write, a read-only key's, a
// member raising their own role, the last owner), cross-site writes, expired keys, invitations with their single
// use and expiry, and removal ending sessions; each refusal answered with the right status, nothing changed.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertKey } from "../db/accounts";
import { activities, apiKeys, invitations, mailOutbox, members, shipments } from "../db/schema";
import { tokenHash } from "../people/tokens";
import {
  addPerson,
  asPerson,
  OWN_ORIGIN,
  personCookie,
  signIn,
  TEST_PASSWORD,
} from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let accountId: string;
let ownerCookie: string;

const kinds = async (kind: string) =>
  (await h.db.select().from(activities).where(eq(activities.kind, kind))).filter(
    (a) => a.accountId === accountId,
  );

beforeAll(async () => {
  h = await createHarness({ apiKeyCacheMs: 5_000 });
  ({
    account: { id: accountId },
  } = await h.newAccount("Acme Imports"));
  ownerCookie = await personCookie(h, accountId, "olga@acme.example", "owner");
});
afterAll(() => h.close());

describe("sessions", () => {
  it("signs in with a cookie that is HttpOnly and SameSite=Lax, and reads /v2 with it", async () => {
    await addPerson(h, accountId, { email: "sam@acme.example", role: "member", name: "Sam Ortiz" });
    const { response, cookie } = await signIn(h, "sam@acme.example");
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/boxtrack\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // The token is the cookie's only: never in a body a script could read.
    expect(JSON.stringify(await response.json())).not.toMatch(/"token"/);
    const me = await asPerson(h, cookie, "/v2/users/me");
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.data.attributes).toMatchObject({
      email: "sam@acme.example",
      role: "member",
      first_name: "Sam",
      last_name: "Ortiz",
    });
    expect(body.included).toEqual([expect.objectContaining({ type: "account", id: accountId })]);
    expect((await asPerson(h, cookie, "/v2/shipments")).status).toBe(200);
  });

  it("gives a new session id at every sign-in", async () => {
    const first = await signIn(h, "olga@acme.example");
    const second = await signIn(h, "olga@acme.example");
    expect(first.cookie).not.toBe(second.cookie);
  });

  it("refuses a replayed cookie after sign-out at once (this process forgets the sessions it remembered)", async () => {
    const { cookie } = await signIn(h, "olga@acme.example");
    expect((await asPerson(h, cookie, "/v2/shipments")).status).toBe(200);
    const out = await h.app.request("http://localhost/api/auth/sign-out", {
      method: "POST",
      headers: { cookie, origin: OWN_ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    const replay = await asPerson(h, cookie, "/v2/shipments");
    expect(replay.status).toBe(401);
    expect((await replay.json()).errors[0].code).toBe("session_expired");
    expect((await kinds("session.signed_out")).length).toBeGreaterThan(0);
  });

  it("refuses a cookie whose signature was altered, without looking it up", async () => {
    const forged = `${ownerCookie.slice(0, -6)}AAAAAA`;
    expect((await asPerson(h, forged, "/v2/shipments")).status).toBe(401);
  });

  it("refuses a cross-site write carried by a valid cookie, and logs it", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const response = await asPerson(h, ownerCookie, `/v2/shipments/${shipment.id}/stop_tracking`, {
      method: "PATCH",
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0].code).toBe("cross_site_request");
    const [row] = await h.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row!.lineTrackingStoppedAt).toBeNull();
    expect((await kinds("security.refused")).some((a) => a.summary.includes("cross-site"))).toBe(true);
    // The same write from our own page goes through, and names the person.
    const own = await asPerson(h, ownerCookie, `/v2/shipments/${shipment.id}/stop_tracking`, {
      method: "PATCH",
    });
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(body.data.relationships.line_tracking_stopped_by_user.data).toMatchObject({ type: "user" });
    const withUser = await (
      await asPerson(h, ownerCookie, `/v2/shipments/${shipment.id}?include=line_tracking_stopped_by_user`)
    ).json();
    expect(withUser.included[0]).toMatchObject({ type: "user", attributes: { email: "olga@acme.example" } });
    expect((await kinds("shipment.tracking_stopped")).length).toBe(1);
  });
});

describe("roles", () => {
  it("refuses a viewer's write with 403, changes nothing, and logs it", async () => {
    const cookie = await personCookie(h, accountId, "vera@acme.example", "viewer");
    const { shipment } = await insertShipment(h.db, accountId);
    expect((await asPerson(h, cookie, `/v2/shipments/${shipment.id}`)).status).toBe(200);
    const response = await asPerson(h, cookie, `/v2/shipments/${shipment.id}/stop_tracking`, {
      method: "PATCH",
    });
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0].detail).toMatch(/viewer/);
    const [row] = await h.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row!.lineTrackingStoppedAt).toBeNull();
    expect((await kinds("security.refused")).some((a) => a.summary.includes("stop_tracking"))).toBe(true);
  });

  it("refuses a read-only key's writes with 403 and lets it read; a key's stop names the key", async () => {
    const { key } = await insertKey(h.db, accountId, { name: "reports", scope: "read_only" });
    const { shipment } = await insertShipment(h.db, accountId);
    expect((await h.request(key, "/v2/shipments")).status).toBe(200);
    const refused = await h.request(key, `/v2/shipments/${shipment.id}/stop_tracking`, { method: "PATCH" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].detail).toMatch(/read-only/);
    const post = await h.request(key, "/v2/webhooks", {
      method: "POST",
      json: { data: { attributes: { url: "https://x.example/h", events: ["*"] } } },
    });
    expect(post.status).toBe(403);
    const { key: full, row } = await insertKey(h.db, accountId, { name: "erp", scope: "full" });
    const stopped = await (
      await h.request(full, `/v2/shipments/${shipment.id}/stop_tracking`, { method: "PATCH" })
    ).json();
    expect(stopped.data.relationships.line_tracking_stopped_by_user.data).toBeNull();
    expect(stopped.data.relationships.line_tracking_stopped_by_api_key.data).toEqual({
      type: "api_key",
      id: row.id,
    });
    // A key never manages people, whatever its scope.
    expect((await h.request(full, "/v2/users")).status).toBe(403);
  });

  it("refuses an expired key with 401, saying it expired", async () => {
    const { key } = await insertKey(h.db, accountId, {
      name: "old",
      expiresAt: new Date(h.authClock.now().getTime() + 60_000),
    });
    expect((await h.request(key, "/v2/shipments")).status).toBe(200);
    h.authClock.advance(61_000);
    const response = await h.request(key, "/v2/shipments");
    expect(response.status).toBe(401);
    expect((await response.json()).errors[0]).toMatchObject({ code: "api_key_expired" });
  });

  it("refuses a member raising their own role, and an admin making themselves owner", async () => {
    const memberId = await addPerson(h, accountId, { email: "max@acme.example", role: "member" });
    const memberCookie = (await signIn(h, "max@acme.example")).cookie;
    const raise = await asPerson(h, memberCookie, `/v2/users/${memberId}`, {
      method: "PATCH",
      json: { data: { attributes: { role: "admin" } } },
    });
    expect(raise.status).toBe(403);
    const adminId = await addPerson(h, accountId, { email: "ada@acme.example", role: "admin" });
    const adminCookie = (await signIn(h, "ada@acme.example")).cookie;
    const self = await asPerson(h, adminCookie, `/v2/users/${adminId}`, {
      method: "PATCH",
      json: { data: { attributes: { role: "owner" } } },
    });
    expect(self.status).toBe(403);
    const roles = await h.db.select().from(members).where(eq(members.accountId, accountId));
    expect(roles.find((m) => m.userId === memberId)!.role).toBe("member");
    expect(roles.find((m) => m.userId === adminId)!.role).toBe("admin");
    // An admin gives a member admin, but not owner.
    expect(
      (
        await asPerson(h, adminCookie, `/v2/users/${memberId}`, {
          method: "PATCH",
          json: { data: { attributes: { role: "viewer" } } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await asPerson(h, adminCookie, `/v2/users/${memberId}`, {
          method: "PATCH",
          json: { data: { attributes: { role: "owner" } } },
        })
      ).status,
    ).toBe(403);
    expect((await kinds("member.role_changed")).length).toBe(1);
  });

  it("keeps the last owner: not demoted, not removed", async () => {
    const [owner] = await h.db.select().from(members).where(eq(members.role, "owner"));
    const demote = await asPerson(h, ownerCookie, `/v2/users/${owner!.userId}`, {
      method: "PATCH",
      json: { data: { attributes: { role: "admin" } } },
    });
    expect(demote.status).toBe(422);
    expect((await demote.json()).errors[0].source).toEqual({ pointer: "/data/attributes/role" });
    expect((await asPerson(h, ownerCookie, `/v2/users/${owner!.userId}`, { method: "DELETE" })).status).toBe(
      422,
    );
  });

  it("ends a removed person's sessions at once", async () => {
    const id = await addPerson(h, accountId, { email: "rita@acme.example", role: "member" });
    const cookie = (await signIn(h, "rita@acme.example")).cookie;
    expect((await asPerson(h, cookie, "/v2/shipments")).status).toBe(200);
    expect((await asPerson(h, ownerCookie, `/v2/users/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await asPerson(h, cookie, "/v2/shipments")).status).toBe(401);
    expect((await kinds("member.removed")).length).toBe(1);
  });
});

describe("invitations", () => {
  const invite = (email: string, role = "member") =>
    asPerson(h, ownerCookie, "/v2/invitations", {
      method: "POST",
      json: { data: { attributes: { email, role } } },
    });
  /** The link's token, read from the mail the invitation queued. */
  const tokenOf = async (email: string) => {
    await h.mail.runOnce();
    const [row] = await h.db
      .select({ links: mailOutbox.links })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return new URL(row!.links[0]!).searchParams.get("token")!;
  };
  const accept = (
    token: string,
    body: Record<string, unknown> = { name: "Nia Obi", password: TEST_PASSWORD },
  ) =>
    h.app.request("http://localhost/api/auth/invitation/accept", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, ...body }),
    });

  it("invites by email; the link makes the person, signs them in, and works once", async () => {
    const created = await invite("nia@acme.example");
    expect(created.status).toBe(201);
    const invitation = (await created.json()).data;
    expect(invitation.attributes).toMatchObject({
      email: "nia@acme.example",
      role: "member",
      status: "pending",
    });
    const token = await tokenOf("nia@acme.example");
    const [stored] = await h.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored!.tokenHash).toBe(tokenHash(token));
    const info = await (await h.app.request(`http://localhost/api/auth/invitation?token=${token}`)).json();
    expect(info).toMatchObject({
      email: "nia@acme.example",
      company_name: "Acme Imports",
      status: "pending",
      person_exists: false,
    });
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers
      .getSetCookie()
      .find((c) => c.includes("session_token"))!
      .split(";")[0]!;
    const me = await (await asPerson(h, cookie, "/v2/users/me")).json();
    expect(me.data.attributes).toMatchObject({
      email: "nia@acme.example",
      role: "member",
      email_verified: true,
    });
    const again = await accept(token, { name: "Someone Else", password: "another long passphrase" });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: "INVITATION_ACCEPTED" });
  });

  it("refuses an expired link, and a revoked one", async () => {
    const made = await invite("late@acme.example");
    expect(made.status, await made.clone().text()).toBe(201);
    const token = await tokenOf("late@acme.example");
    // Seven days on (the link's life), as the invitation row says: the library's sessions run on real time.
    await h.db
      .update(invitations)
      .set({ expiresAt: new Date(h.authClock.now().getTime() - 1_000) })
      .where(eq(invitations.tokenHash, tokenHash(token)));
    const expired = await accept(token);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ code: "INVITATION_EXPIRED" });
    const created = await (await invite("gone@acme.example")).json();
    const revokedToken = await tokenOf("gone@acme.example");
    expect(
      (await asPerson(h, ownerCookie, `/v2/invitations/${created.data.id}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect((await accept(revokedToken)).status).toBe(410);
  });

  it("refuses a short or common password, and an admin inviting an owner", async () => {
    await invite("pat@acme.example");
    const token = await tokenOf("pat@acme.example");
    const short = await accept(token, { name: "Pat", password: "short" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/at least 12/);
    const common = await accept(token, { name: "Pat", password: "password1234" });
    expect(common.status).toBe(400);
    expect((await common.json()).message).toMatch(/common/);
    expect((await accept(token, { name: "Pat", password: "1qaz2wsx3edc" })).status).toBe(400);
    const adminCookie = (await signIn(h, "ada@acme.example")).cookie;
    const owner = await asPerson(h, adminCookie, "/v2/invitations", {
      method: "POST",
      json: { data: { attributes: { email: "boss@acme.example", role: "owner" } } },
    });
    expect(owner.status).toBe(403);
    const bad = await asPerson(h, ownerCookie, "/v2/invitations", {
      method: "POST",
      json: { data: { attributes: { email: "not-an-email", role: "member" } } },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].source).toEqual({ pointer: "/data/attributes/email" });
  });
});

describe("API keys managed by people", () => {
  it("creates a key shown once, lists it with its maker, and revokes it", async () => {
    const created = await asPerson(h, ownerCookie, "/v2/api_keys", {
      method: "POST",
      json: { data: { attributes: { name: "ERP", scope: "read_only", expires_at: null } } },
    });
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data.attributes.key).toMatch(/^trk_/);
    expect((await h.request(data.attributes.key, "/v2/shipments")).status).toBe(200);
    const list = await (await asPerson(h, ownerCookie, "/v2/api_keys")).json();
    const listed = list.data.find((k: { id: string }) => k.id === data.id);
    expect(listed.attributes.key).toBeUndefined();
    expect(listed.relationships.created_by.data).toMatchObject({ type: "user" });
    expect((await asPerson(h, ownerCookie, `/v2/api_keys/${data.id}`, { method: "DELETE" })).status).toBe(
      200,
    );
    h.authClock.advance(5_001);
    expect((await h.request(data.attributes.key, "/v2/shipments")).status).toBe(401);
    const past = await asPerson(h, ownerCookie, "/v2/api_keys", {
      method: "POST",
      json: { data: { attributes: { name: "ERP", scope: "full", expires_at: "2001-01-01T00:00:00Z" } } },
    });
    expect(past.status).toBe(422);
    expect((await past.json()).errors[0].source).toEqual({ pointer: "/data/attributes/expires_at" });
    const [row] = await h.db.select().from(apiKeys).where(eq(apiKeys.id, data.id));
    expect(row!.revokedAt).not.toBeNull();
  });
});
