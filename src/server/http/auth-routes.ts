// The authentication library's routes (/api/auth/*: sign-in, sign-out, sign-up, password reset, email verification,
// two-factor, single sign-on, invitations), the demo owner's sign-in for "Use the demo account" (loopback only, as
// /demo.json), and the development outbox (/dev/mail: mail kept without SMTP_URL, loopback only).
import { type Context, Hono } from "hono";
import type { Db } from "../db/connection";
import { getKeptMail, keptMail, type MailRow } from "../db/mail-outbox";
import { AUTH_BASE_PATH, type Auth, CLIENT_ADDRESS_HEADER } from "../people/auth";
import { clientAddress, isLoopbackClient } from "./client-address";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";

export interface AuthRouteDeps {
  /** The authentication library (people/auth.ts), whose handler answers /api/auth/*. */
  auth: Auth;
  /** The outbox /dev/mail reads. */
  db: Db;
  /** DEMO_PUBLIC: the demo sign-in and /dev/mail answer every client, not only this machine. */
  demoPublic: boolean;
  /** The demo owner's credentials, for `POST /demo/sign-in`; none without the demo account. */
  demoOwner: { email: string; password: string } | undefined;
  /** Mail is kept in the database (no SMTP_URL): /dev/mail shows it. */
  devMail: boolean;
  /**
   * Forget the sessions /v2 remembers in this process (5 s): after a sign-out, a revoked session, a new password or
   * a joined account, this process answers the next request from the database (other processes within 5 s).
   */
  forgetCredentials?: () => void;
}

/** The request as the library gets it: the client's address in our header (never the client's own copy of it). */
function forLibrary(c: Context<AppEnv>, request: Request = c.req.raw): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  const address = clientAddress(c);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}

/**
 * The library answers a sign-in with the session token in the JSON too; the cookie (HttpOnly) is the only place
 * it belongs, so that no script on the page can read it.
 */
async function withoutToken(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    delete record.token;
    const session = record.session as Record<string, unknown> | undefined;
    if (session && typeof session === "object") delete session.token;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export function authRoutes(deps: AuthRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { auth } = deps;
  app.on(["GET", "POST"], `${AUTH_BASE_PATH}/*`, async (c) => {
    const response = await auth.handler(forLibrary(c));
    if (c.req.method === "POST" && response.ok) deps.forgetCredentials?.();
    return withoutToken(response);
  });

  // "Use the demo account": signs this browser in as the demo owner. Like /demo.json, for this machine only unless
  // the operator made the demo public; a page of another site cannot do it behind the person's back.
  app.post("/demo/sign-in", async (c) => {
    const owner = deps.demoPublic || isLoopbackClient(c) ? deps.demoOwner : undefined;
    if (!owner)
      throw new ApiError(404, { code: "not_found", detail: "This server does not run a demo account." });
    const site = c.req.header("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none")
      throw new ApiError(403, {
        code: "cross_site_request",
        detail: "The demo sign-in must come from this service's own page.",
      });
    const response = await auth.api.signInEmail({
      body: { email: owner.email, password: owner.password },
      headers: forLibrary(c).headers,
      asResponse: true,
    });
    if (!response.ok) return withoutToken(response);
    const headers = new Headers({ "content-type": "application/json" });
    for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
    return new Response(JSON.stringify({ signed_in: true, email: owner.email }), { status: 200, headers });
  });

  if (!deps.devMail) return app;
  const visible = (c: Context<AppEnv>) => deps.demoPublic || isLoopbackClient(c);
  const notHere = (c: Context<AppEnv>) =>
    c.json(
      {
        errors: [
          {
            status: "404",
            code: "route_not_found",
            title: "Not Found",
            detail: `Nothing is served at ${c.req.path}.`,
            source: null,
          },
        ],
      },
      404,
    );
  app.get("/dev/mail", async (c) => {
    if (!visible(c)) return notHere(c);
    return c.html(mailListPage(await keptMail(deps.db)), 200, { "Cache-Control": "no-store" });
  });
  app.get("/dev/mail/:id", async (c) => {
    if (!visible(c)) return notHere(c);
    const mail = await getKeptMail(deps.db, c.req.param("id"));
    if (!mail) return notHere(c);
    return c.html(mailPage(mail), 200, { "Cache-Control": "no-store" });
  });
  return app;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** The /dev/mail pages' one style sheet, inline; their Content-Security-Policy allows it by its hash. */
export const DEV_MAIL_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}li{margin:.75rem 0}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}small{color:#444}";

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${DEV_MAIL_STYLE}</style></head><body>${body}</body></html>`;

function mailListPage(rows: MailRow[]): string {
  const items = rows
    .map(
      (m) =>
        `<li><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a><br><small>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</small>${m.links
          .map((l) => `<br><a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`)
          .join("")}</li>`,
    )
    .join("");
  return page(
    "Mail kept by the service",
    `<h1>Mail kept by the service</h1><p>No SMTP_URL is set, so mail is kept here (newest first) instead of sent. This page answers this machine only.</p>${rows.length ? `<ul>${items}</ul>` : "<p>No mail yet.</p>"}`,
  );
}

function mailPage(m: MailRow): string {
  return page(
    m.subject,
    `<p><a href="/dev/mail">All mail</a></p><h1>${escapeHtml(m.subject)}</h1><p><small>To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</small></p><pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join("")}`,
  );
}
