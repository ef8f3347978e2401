// Service tests of mail: invitations, password resets and email verification go out over real SMTP (a local
// smtp-server on loopback), and the links read from the received messages work, once; without SMTP_URL mail is kept and shown at /dev/mail
// to this machine only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import {
  addPerson,
  asPerson,
  OWN_ORIGIN,
  personCookie,
  signIn,
  TEST_PASSWORD,
} from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { decodedBody, type ReceivedMessage, type SmtpSink, startSmtpSink } from "../testing/smtp-sink";

function linksIn(message: ReceivedMessage): string[] {
  return [...new Set(decodedBody(message.raw).match(/https?:\/\/[^\s"<>]+/g) ?? [])];
}

describe("mail over SMTP", () => {
  let h: Harness;
  let smtp: SmtpSink;
  let received: ReceivedMessage[] = [];
  let accountId: string;
  let owner: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    received = smtp.received;
    h = await createHarness({
      // SMTP_URL and MAIL_FROM as an operator sets them: the service sends through the server on loopback.
      config: { smtpUrl: smtp.url, mailFrom: "Container tracking <tracking@test.example>" },
    });
    ({
      account: { id: accountId },
    } = await h.newAccount("Mail Co"));
    owner = await personCookie(h, accountId, "owner@mail.example", "owner");
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const mailTo = (email: string) => received.filter((m) => m.to.includes(email)).at(-1);

  it("sends an invitation whose link, read from the received message, makes the person", async () => {
    const created = await asPerson(h, owner, "/v2/invitations", {
      method: "POST",
      json: { data: { attributes: { email: "ines@mail.example", role: "viewer" } } },
    });
    expect(created.status).toBe(201);
    expect(await h.mail.runOnce()).toBe(1);
    const message = mailTo("ines@mail.example")!;
    expect(decodedBody(message.raw)).toMatch(/invited you to Mail Co/);
    const link = linksIn(message).find((l) => l.includes("/accept-invitation?token="))!;
    const token = new URL(link).searchParams.get("token")!;
    const accepted = await h.app.request("http://localhost/api/auth/invitation/accept", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, name: "Ines Paz", password: TEST_PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    expect((await signIn(h, "ines@mail.example")).response.status).toBe(200);
    // Sent: the row keeps no link (a secret) any more.
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ines@mail.example"));
    expect(row).toMatchObject({ status: "sent", text: "", links: [] });
  });

  it("resets a password by the emailed link, once, and ends the other sessions", async () => {
    await addPerson(h, accountId, { email: "rosa@mail.example", role: "member" });
    const before = (await signIn(h, "rosa@mail.example")).cookie;
    const asked = await h.app.request("http://localhost/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "rosa@mail.example", redirectTo: `${OWN_ORIGIN}/reset-password` }),
    });
    expect(asked.status).toBe(200);
    await h.mail.runOnce();
    const link = linksIn(mailTo("rosa@mail.example")!).find((l) => l.includes("reset-password"))!;
    const token = new URL(link).pathname.split("/").at(-1)!;
    const reset = (newPassword: string) =>
      h.app.request("http://localhost/api/auth/reset-password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, newPassword }),
      });
    expect((await reset("password1234")).status).toBe(400);
    expect((await reset("a brand new passphrase")).status).toBe(200);
    expect((await reset("yet another passphrase")).status).toBe(400);
    expect((await signIn(h, "rosa@mail.example", "a brand new passphrase")).response.status).toBe(200);
    expect((await signIn(h, "rosa@mail.example", TEST_PASSWORD)).response.status).toBe(401);
    expect((await asPerson(h, before, "/v2/shipments")).status).toBe(401);
  });

  it("holds back reset links after a few for one email, saying when to ask again, whether or not it signs in here", async () => {
    const ask = (email: string) =>
      h.app.request("http://localhost/api/auth/request-password-reset", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, redirectTo: `${OWN_ORIGIN}/reset-password` }),
      });
    await addPerson(h, accountId, { email: "pia@mail.example", role: "member" });
    for (const email of ["nobody@mail.example", "pia@mail.example"]) {
      // Three free, the fourth counted and held back after, so the fifth waits: alike for both emails.
      for (let i = 0; i < 4; i++) expect((await ask(email)).status).toBe(200);
      const held = await ask(email);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await held.json()).code).toBe("TOO_MANY_RESET_LINKS");
    }
    await h.mail.runOnce();
    const pias = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, "pia@mail.example"));
    // Four links; the fifth was never written.
    expect(pias.filter((row) => row.kind === "password_reset")).toHaveLength(4);
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, "nobody@mail.example"))).toHaveLength(
      0,
    );
  });

  it("confirms an email by the mailed link, landing on the dashboard's page, and says there why a bad link failed", async () => {
    await addPerson(h, accountId, { email: "vera@mail.example", role: "member", emailVerified: false });
    const { cookie } = await signIn(h, "vera@mail.example");
    const me = async () =>
      (await (await asPerson(h, cookie, "/v2/users/me")).json()).data.attributes.email_verified;
    expect(await me()).toBe(false);
    const asked = await h.app.request("http://localhost/api/auth/send-verification-email", {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: OWN_ORIGIN },
      body: JSON.stringify({ email: "vera@mail.example", callbackURL: "/somewhere-else" }),
    });
    expect(asked.status).toBe(200);
    await h.mail.runOnce();
    const message = mailTo("vera@mail.example")!;
    expect(decodedBody(message.raw)).toMatch(/Confirm that this email address is yours/);
    const link = new URL(linksIn(message).find((l) => l.includes("/verify-email?token="))!);
    // Whatever page the request named, the link lands on the dashboard's own.
    expect(link.searchParams.get("callbackURL")).toBe("/confirm-email");
    const followed = await h.app.request(`http://localhost${link.pathname}${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/confirm-email");
    expect(await me()).toBe(true);

    link.searchParams.set("token", `${link.searchParams.get("token")}x`);
    const broken = await h.app.request(`http://localhost${link.pathname}${link.search}`);
    expect(broken.status).toBe(302);
    expect(broken.headers.get("location")).toBe("/confirm-email?error=INVALID_TOKEN");
  });

  it("holds back verification links as it does reset links", async () => {
    const ask = () =>
      h.app.request("http://localhost/api/auth/send-verification-email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: OWN_ORIGIN },
        body: JSON.stringify({ email: "quinn@mail.example" }),
      });
    for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200);
    const held = await ask();
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await held.json()).code).toBe("TOO_MANY_VERIFICATION_LINKS");
  });

  it("refuses a reset link past its hour", async () => {
    await h.app.request("http://localhost/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@mail.example", redirectTo: `${OWN_ORIGIN}/reset-password` }),
    });
    await h.mail.runOnce();
    const link = linksIn(mailTo("owner@mail.example")!).find((l) => l.includes("reset-password"))!;
    const token = new URL(link).pathname.split("/").at(-1)!;
    // An hour on, as the token's row says (the library reads real time).
    const { verifications } = await import("../db/schema");
    await h.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const response = await h.app.request("http://localhost/api/auth/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, newPassword: "a brand new passphrase" }),
    });
    expect(response.status).toBe(400);
  });
});

describe("the development outbox", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ config: { trustProxy: true } });
  });
  afterAll(() => h.close());

  it("keeps mail without SMTP and shows it at /dev/mail to this machine only", async () => {
    const { account } = await h.newAccount("Dev Co");
    const owner = await personCookie(h, account.id, "owner@dev.example", "owner");
    await asPerson(h, owner, "/v2/invitations", {
      method: "POST",
      json: { data: { attributes: { email: "dev@dev.example", role: "member" } } },
    });
    await h.mail.runOnce();
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, "dev@dev.example"));
    expect(row!.status).toBe("kept");
    expect(h.logs.some((l) => l.includes("mail kept") && l.includes("accept-invitation?token="))).toBe(true);
    const local = await h.request(null, "/dev/mail", { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(local.status).toBe(200);
    const page = await local.text();
    expect(page).toMatch(/invited you to Dev Co/);
    expect(page).toMatch(/accept-invitation\?token=/);
    const one = await h.request(null, `/dev/mail/${row!.id}`, {
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(await one.text()).toMatch(/The link works once and for 7 days/);
    expect(
      (await h.request(null, "/dev/mail", { headers: { "x-forwarded-for": "203.0.113.5" } })).status,
    ).toBe(404);
    expect(
      (await h.request(null, `/dev/mail/${row!.id}`, { headers: { "x-forwarded-for": "203.0.113.5" } }))
        .status,
    ).toBe(404);
  });
});
