// Service tests of single sign-on against a real OpenID Connect provider on loopback (oidc-provider): an admin
// registers it through /v2/sso_providers (the client secret sealed), a person of its domain signs in through it by
// following the redirects with cookies kept, and lands signed in with the provider's default role.

import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssoProviders } from "../db/schema";
import { asPerson, personCookie, sessionCookieOf } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";

const SECRET = "an-oidc-client-secret-for-tests";
const PEOPLE: Record<string, { email: string; name: string }> = {
  "ivan-1": { email: "ivan@idp.example", name: "Ivan Petrov" },
};

let h: Harness;
let idp: Server;
let issuer: string;

/** A cookie jar per origin, as a browser keeps one. */
class Jar {
  readonly #cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      if (/expires=Thu, 01 Jan 1970|max-age=0/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.#cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

beforeAll(async () => {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(idp.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "boxtrack",
        client_secret: SECRET,
        redirect_uris: ["http://localhost/api/auth/sso/callback"],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    findAccount: (_ctx, id) => {
      const person = PEOPLE[id];
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: person.email, email_verified: true, name: person.name }),
      };
    },
  });
  idp.on("request", provider.callback());
  h = await createHarness({
    secretsKey: randomBytes(32),
    config: { ssoTrustedIssuers: [issuer] },
  });
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => idp.close(() => resolve()));
});

describe("single sign-on through OpenID Connect", () => {
  it("registers a provider with its secret sealed, and signs a person of its domain in with the default role", async () => {
    const { account } = await h.newAccount("Idp Co");
    const admin = await personCookie(h, account.id, "ada@idp.example", "admin");
    const notMine = await asPerson(h, admin, "/v2/sso_providers", {
      method: "POST",
      json: {
        data: {
          attributes: {
            issuer,
            client_id: "boxtrack",
            client_secret: SECRET,
            domains: ["gmail.com"],
            default_role: "member",
          },
        },
      },
    });
    expect(notMine.status).toBe(422);
    expect((await notMine.json()).errors[0]).toMatchObject({
      code: "domain_not_verified",
      source: { pointer: "/data/attributes/domains" },
    });
    const created = await asPerson(h, admin, "/v2/sso_providers", {
      method: "POST",
      json: {
        data: {
          attributes: {
            issuer,
            client_id: "boxtrack",
            client_secret: SECRET,
            domains: ["idp.example"],
            default_role: "viewer",
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const provider = (await created.json()).data;
    expect(provider.attributes).toMatchObject({
      issuer,
      client_id: "boxtrack",
      client_secret_set: true,
      domains: ["idp.example"],
      default_role: "viewer",
    });
    expect(JSON.stringify(provider)).not.toContain(SECRET);
    const [row] = await h.db.select().from(ssoProviders).where(eq(ssoProviders.id, provider.id));
    expect(row!.oidcConfig).toMatch(/^v1:/);
    expect(row!.oidcConfig).not.toContain(SECRET);

    // The sign-in page asks for the email first, and is told this one signs in through single sign-on.
    const method = await (
      await h.app.request("http://localhost/api/auth/sign-in/method?email=ivan@idp.example")
    ).json();
    expect(method).toMatchObject({ method: "sso" });

    const ours = new Jar();
    const theirs = new Jar();
    const start = await h.app.request("http://localhost/api/auth/sign-in/sso", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ivan@idp.example", callbackURL: "http://localhost/" }),
    });
    expect(start.status).toBe(200);
    ours.take(start);
    let url = ((await start.json()) as { url: string }).url;
    expect(url.startsWith(issuer)).toBe(true);
    // Through the provider: its login and consent prompts (oidc-provider's development interactions).
    for (let hop = 0; hop < 20 && url.startsWith(issuer); hop += 1) {
      let response = await fetch(url, { headers: { cookie: theirs.header() }, redirect: "manual" });
      theirs.take(response);
      if (response.status === 200 && url.includes("/interaction/")) {
        const prompt = (await response.text()).includes('name="login"') ? "login" : "consent";
        response = await fetch(url, {
          method: "POST",
          headers: { cookie: theirs.header(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(
            prompt === "login" ? { prompt, login: "ivan-1", password: "x" } : { prompt },
          ).toString(),
          redirect: "manual",
        });
        theirs.take(response);
      }
      url = new URL(response.headers.get("location")!, url).toString();
    }
    expect(url.startsWith("http://localhost/api/auth/sso/callback")).toBe(true);
    const callback = await h.app.request(url, { headers: { cookie: ours.header() } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("http://localhost/");
    const cookie = sessionCookieOf(callback);
    expect(cookie).not.toBe("");
    const me = await (await asPerson(h, cookie, "/v2/users/me")).json();
    expect(me.data.attributes).toMatchObject({
      email: "ivan@idp.example",
      name: "Ivan Petrov",
      role: "viewer",
      single_sign_on: true,
    });
    expect(me.included[0]).toMatchObject({ id: account.id });
    // The default role: a viewer reads and changes nothing.
    expect((await asPerson(h, cookie, "/v2/shipments")).status).toBe(200);
    expect(
      (
        await asPerson(h, cookie, "/v2/saved_views", {
          method: "POST",
          json: { data: { attributes: { name: "x", list: "shipments", query: "" } } },
        })
      ).status,
    ).toBe(403);
  });
});
