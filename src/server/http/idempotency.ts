// POSTs with an `Idempotency-Key` header (issue 30 item 10): a client that retries a POST whose answer it never
// got (a cut connection, a crash, a timeout) gets the first answer again instead of a second creation. Keys are
// the account's, for 24 hours; the same key with another request is a 422, a key whose request is still running a
// 409. Only successful answers are kept: a refused or failed request frees its key, so that a fixed retry runs.
//
// A crash between a creation's commit and its answer leaves no answer to repeat, but the creating transaction
// noted what it created (withActivity in people-context.ts): the retry answers with that resource, as created.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { quote } from "../../api/quote";
import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import {
  claimIdempotencyKey,
  type IdempotencyRecord,
  type KeptAnswer,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
} from "../db/idempotency-keys";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import { openSecret, sealSecret } from "../secrets";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { isStreamedUpload } from "./middleware";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** On a replayed answer: `true`. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key is remembered from its first use. */
export const KEEP_KEYS_MS = 24 * 3_600_000;
/** A request holding a key longer than this without answering is taken to have died with its process. */
export const KEY_LEASE_MS = 60_000;
/** Visible ASCII, as Stripe and the IETF draft's examples use (a UUID is the usual choice). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The answer of a created API key holds its token, which is never stored in clear. */
const SECRET_ANSWERS = new Set(["/v2/api_keys"]);

export interface IdempotencyDeps {
  db: Db;
  /** Real time: keys are kept 24 real hours and leases are real seconds, whatever a demo's clock does. */
  clock: Clock;
  /** Kept answers are sealed with it; without it, answers holding a secret are not kept. */
  secretsKey: Buffer | undefined;
  logger: Pick<Logger, "warn">;
  /** The app itself, asked for a created resource when its creation's answer was lost. */
  app: { request: (path: string, init: RequestInit, env?: unknown) => Response | Promise<Response> };
}

const header = { header: IDEMPOTENCY_HEADER };

export function idempotentPosts(deps: IdempotencyDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const principal = c.get("principal") as AppEnv["Variables"]["principal"] | undefined;
    if (c.req.method !== "POST" || key === undefined || !principal) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new ApiError(400, {
        code: "invalid_idempotency_key",
        detail: `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters (a UUID is usual).`,
        source: header,
      });
    }
    const accountId = principal.account.id;
    const fingerprint = await fingerprintOf(c.req.raw, c.req.path);
    const now = deps.clock.now();
    const claim = await claimIdempotencyKey(
      deps.db,
      accountId,
      key,
      fingerprint,
      now,
      new Date(now.getTime() - KEEP_KEYS_MS),
    );
    if (!claim.claimed) {
      const held = claim.record;
      if (held.fingerprint !== fingerprint) {
        throw new ApiError(422, {
          code: "idempotency_key_reused",
          detail: `${IDEMPOTENCY_HEADER} ${quote(key)} was used in the last 24 hours with another request (method, path or body); use a new key for a new request.`,
          source: header,
        });
      }
      if (held.status !== null && held.body !== null) return replay(held, deps.secretsKey);
      if (held.subjectType !== null && held.subjectId !== null) {
        return answerWithCreated(deps, c.req.raw.headers, c.env, held, accountId, key, c.req.path);
      }
      const heldMs = now.getTime() - held.claimedAt.getTime();
      const takenOver =
        heldMs >= KEY_LEASE_MS &&
        (await takeOverIdempotencyKey(deps.db, accountId, key, held.claimedAt, now));
      if (!takenOver) {
        throw new ApiError(
          409,
          {
            code: "idempotency_key_in_use",
            detail: `A request with ${IDEMPOTENCY_HEADER} ${quote(key)} is still being processed; retry once it has been answered.`,
            source: header,
          },
          { "Retry-After": String(Math.max(1, Math.ceil((KEY_LEASE_MS - heldMs) / 1000))) },
        );
      }
    }

    c.set("idempotency", { accountId, key });
    await next();
    const answer = c.res;
    const kept =
      answer.status >= 200 && answer.status < 300 && isJson(answer)
        ? await keepable(answer, c.req.path, deps.secretsKey)
        : undefined;
    try {
      if (kept) await keepIdempotentAnswer(deps.db, accountId, key, kept);
      else await releaseIdempotencyKey(deps.db, accountId, key);
    } catch (error) {
      // The request's own answer stands (what it did is done). A retry finds the claim: what a creation made under
      // it, or, once the lease has run out, nothing, and runs again.
      deps.logger.warn("could not keep an idempotent answer", logSafeError(error));
    }
  };
}

/** SHA-256 of the method, the path with its query and the body. An upload is streamed, not held: its path alone. */
export async function fingerprintOf(request: Request, path: string): Promise<string> {
  const url = new URL(request.url);
  const hash = createHash("sha256").update(`${request.method} ${url.pathname}${url.search}\n`);
  if (!isStreamedUpload(request.method, path, request.headers.get("content-type") ?? undefined)) {
    hash.update(new Uint8Array(await request.clone().arrayBuffer()));
  }
  return hash.digest("hex");
}

const isJson = (response: Response) => /json/.test(response.headers.get("content-type") ?? "");

async function keepable(answer: Response, path: string, secretsKey: Buffer | undefined) {
  if (SECRET_ANSWERS.has(path) && !secretsKey) return undefined;
  const text = await answer.clone().text();
  return {
    status: answer.status,
    body: secretsKey ? sealSecret(text, secretsKey) : text,
    contentType: answer.headers.get("content-type"),
    location: answer.headers.get("location"),
  } satisfies KeptAnswer;
}

function replay(held: IdempotencyRecord, secretsKey: Buffer | undefined): Response {
  const body = secretsKey ? openSecret(held.body!, secretsKey).toString("utf8") : held.body!;
  const headers = new Headers({ [REPLAYED_HEADER]: "true" });
  if (held.contentType) headers.set("content-type", held.contentType);
  if (held.location) headers.set("location", held.location);
  return new Response(body, { status: held.status!, headers });
}

/**
 * The request created a resource and its process died before answering: the answer is that resource, read as the
 * client would read it (with the client's own credentials), and kept for the next retry.
 */
async function answerWithCreated(
  deps: IdempotencyDeps,
  credentials: Headers,
  env: unknown,
  held: IdempotencyRecord,
  accountId: string,
  key: string,
  requestPath: string,
): Promise<Response> {
  const path = `/v2/${held.subjectType}s/${encodeURIComponent(held.subjectId!)}`;
  const headers = new Headers();
  for (const name of ["authorization", "cookie"]) {
    const value = credentials.get(name);
    if (value) headers.set(name, value);
  }
  const read = await deps.app.request(path, { headers }, env);
  if (!read.ok) {
    throw new ApiError(409, {
      code: "idempotency_key_used",
      detail: `The request with ${IDEMPOTENCY_HEADER} ${quote(key)} created ${held.subjectType} ${quote(held.subjectId!)}, which can no longer be read (${read.status}); use a new key for a new request.`,
      source: header,
    });
  }
  const created = new Response(await read.text(), {
    status: 201,
    headers: { "content-type": read.headers.get("content-type") ?? "application/json" },
  });
  const kept = await keepable(created, requestPath, deps.secretsKey);
  if (kept) await keepIdempotentAnswer(deps.db, accountId, key, kept);
  created.headers.set(REPLAYED_HEADER, "true");
  return created;
}
