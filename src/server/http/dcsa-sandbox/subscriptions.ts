// /dcsa/sandbox/{scac}/v2/event-subscriptions: the sandbox's side of DCSA push. A subscription names a callback
// address (checked with the standard's HEAD request before it is stored), a shared secret the notifications are
// signed with, and filters; the secret is write-only, as the standard says ("only valid in POST calls").
import type { Context, Hono } from "hono";
import type { Db } from "../../db/connection";
import {
  createSandboxSubscription,
  deleteSandboxSubscription,
  getSandboxSubscription,
  listSandboxSubscriptions,
  type SandboxSubscriptionRow,
  updateSandboxSubscription,
} from "../../db/dcsa-sandbox";
import { DCSA_API_VERSION } from "../../tracking/dcsa/types";
import { checkCallback } from "../../tracking/sandbox/dcsa/callbacks";
import { type DcsaEventFilters, referenceOf } from "../../tracking/sandbox/dcsa/filters";
import type { SandboxDcsaPublisher } from "../../tracking/sandbox/dcsa/publisher";
import { dcsaError } from "./dcsa-errors";
import { pageHeaders, parseFilters } from "./events";
import { parseCursor, parseLimit } from "./paging";

export interface SubscriptionRouteDeps {
  db: Db;
  publisher: SandboxDcsaPublisher;
  /** How long the HEAD check of a callback address may take. */
  callbackTimeoutMs?: number;
}

const VERSION = { "API-Version": DCSA_API_VERSION };

/** The subscription as the standard shows it: its id, callback and filters, never its secret. */
function subscriptionBody(row: SandboxSubscriptionRow) {
  return { subscriptionID: row.id, callbackUrl: row.callbackUrl, ...(row.filters as DcsaEventFilters) };
}

function parseCallbackUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Base64 text that decodes to at least one byte, kept as sent: the secret is the decoded bytes. */
function parseSecret(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, "");
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return text;
}

async function readObject(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

type Parsed = { ok: true; callbackUrl: string; filters: DcsaEventFilters } | { ok: false; message: string };

/** callbackUrl and the filters of a subscription body (POST and PUT share them). */
function parseSubscription(body: Record<string, unknown>): Parsed {
  const callbackUrl = parseCallbackUrl(body.callbackUrl);
  if (!callbackUrl) return { ok: false, message: "callbackUrl must be an http or https address" };
  const parsed = parseFilters((name) => body[name] as string | string[] | undefined);
  if (!parsed.ok) return parsed;
  // The sandbox finds shipments by reference only: a subscription to "everything" would never hear of one.
  if (!referenceOf(parsed.filters))
    return {
      ok: false,
      message:
        "The sandbox publishes a shipment's events by reference: give transportDocumentReference, carrierBookingReference or equipmentReference",
    };
  return { ok: true, callbackUrl, filters: parsed.filters };
}

export function registerSubscriptionRoutes(routes: Hono, deps: SubscriptionRouteDeps): void {
  const { db } = deps;
  const scacOf = (c: Context) => (c.req.param("scac") as string).toUpperCase();
  const callbackRefused = async (c: Context, url: string) => {
    const check = await checkCallback(url, deps.callbackTimeoutMs);
    return check.ok
      ? null
      : dcsaError(
          c,
          400,
          "invalidCallback",
          `The callback address did not pass the HEAD check (${check.detail}); it must answer HEAD with 2xx`,
        );
  };

  routes.post("/v2/event-subscriptions", async (c) => {
    const body = await readObject(c);
    if (!body) return dcsaError(c, 400, "invalidInput", "The body must be a JSON object");
    const secret = parseSecret(body.secret);
    if (!secret) return dcsaError(c, 400, "invalidInput", "secret must be base64 text of at least one byte");
    const parsed = parseSubscription(body);
    if (!parsed.ok) return dcsaError(c, 400, "invalidInput", parsed.message);
    const refused = await callbackRefused(c, parsed.callbackUrl);
    if (refused) return refused;
    const reference = referenceOf(parsed.filters);
    if (reference) await deps.publisher.anchor(scacOf(c), reference);
    const row = await createSandboxSubscription(db, {
      scac: scacOf(c),
      callbackUrl: parsed.callbackUrl,
      secret,
      filters: { ...parsed.filters },
      // Events are pushed as they happen from now on; what happened before is for GET /v2/events to tell.
      notifiedThrough: deps.publisher.worldNow(),
    });
    return c.json(subscriptionBody(row), 201, VERSION);
  });

  routes.get("/v2/event-subscriptions", async (c) => {
    const limit = parseLimit(c.req.query("limit"));
    if (!limit.ok) return dcsaError(c, 400, "invalidQuery", limit.message);
    const cursor = parseCursor(c.req.query("cursor"));
    if (!cursor.ok) return dcsaError(c, 400, "invalidQuery", cursor.message);
    const page = cursor.value ?? { at: 0, offset: 0 };
    const rows = await listSandboxSubscriptions(db, scacOf(c));
    return c.json(rows.slice(page.offset, page.offset + limit.value).map(subscriptionBody), 200, {
      ...VERSION,
      ...pageHeaders(c, page, limit.value, rows.length),
    });
  });

  routes.get("/v2/event-subscriptions/:id", async (c) => {
    const row = await getSandboxSubscription(db, scacOf(c), c.req.param("id"));
    if (!row) return notFound(c);
    return c.json(subscriptionBody(row), 200, VERSION);
  });

  routes.put("/v2/event-subscriptions/:id", async (c) => {
    const id = c.req.param("id");
    const existing = await getSandboxSubscription(db, scacOf(c), id);
    if (!existing) return notFound(c);
    const body = await readObject(c);
    if (!body) return dcsaError(c, 400, "invalidInput", "The body must be a JSON object");
    if (body.secret !== undefined)
      return dcsaError(c, 400, "invalidInput", "secret is changed with PUT …/{subscriptionID}/secret only");
    if (body.subscriptionID !== undefined && body.subscriptionID !== id)
      return dcsaError(c, 400, "invalidInput", "subscriptionID in the body must be the one in the path");
    const parsed = parseSubscription(body);
    if (!parsed.ok) return dcsaError(c, 400, "invalidInput", parsed.message);
    if (parsed.callbackUrl !== existing.callbackUrl) {
      const refused = await callbackRefused(c, parsed.callbackUrl);
      if (refused) return refused;
    }
    const row = await updateSandboxSubscription(
      db,
      scacOf(c),
      id,
      { callbackUrl: parsed.callbackUrl, filters: { ...parsed.filters } },
      new Date(),
    );
    if (!row) return notFound(c);
    return c.json(subscriptionBody(row), 200, VERSION);
  });

  routes.delete("/v2/event-subscriptions/:id", async (c) => {
    if (!(await deleteSandboxSubscription(db, scacOf(c), c.req.param("id")))) return notFound(c);
    return c.body(null, 204, VERSION);
  });

  routes.put("/v2/event-subscriptions/:id/secret", async (c) => {
    const id = c.req.param("id");
    if (!(await getSandboxSubscription(db, scacOf(c), id))) return notFound(c);
    const body = await readObject(c);
    const secret = parseSecret(body?.secret);
    if (!secret) return dcsaError(c, 400, "invalidInput", "secret must be base64 text of at least one byte");
    if (!(await updateSandboxSubscription(db, scacOf(c), id, { secret }, new Date()))) return notFound(c);
    return c.body(null, 204, VERSION);
  });
}

function notFound(c: Context) {
  return dcsaError(c, 404, "notFound", `No subscription ${c.req.param("id")} at this line`);
}
