// The DCSA Track & Trace 2.2 client: talks to one carrier's T&T API on behalf of a connection (authentication,
// the address guard, timeouts, paging, a cap on what it reads) and sorts every outcome into the `DcsaCallFailure`
// kinds the engine and the connection's status act on. It never throws, and no credential ever reaches a detail.
import type { IncomingHttpHeaders } from "node:http";
import { type Clock, systemClock } from "../../clock";
import type { Logger } from "../../logger";
import type { Resolver } from "../../net/outbound-guard";
import { header, noAnswerFailure, statusFailure } from "./call-failures";
import type {
  DcsaCallFailure,
  DcsaCallResult,
  DcsaClient,
  DcsaConnection,
  DcsaEventQuery,
  DcsaProbe,
} from "./connection";
import { type GuardedRequest, guardedRequest } from "./guarded-request";
import { OAuthTokens } from "./oauth-tokens";
import { nextPageUrl } from "./paging";
import { probeOutcome } from "./probe-outcome";
import { DCSA_API_VERSION, DCSA_PAGE_HEADERS, DCSA_REFERENCE_PARAMETER, type DcsaEvent } from "./types";

export interface HttpDcsaClientOptions {
  /** One HTTP exchange (DNS, connection, whole body) at most; a token request and each page count apart. */
  timeoutMs?: number;
  clock?: Clock;
  /** Host name resolution for the address guard; the system resolver by default. */
  resolve?: Resolver;
  /** `limit` of the first page. */
  pageSize?: number;
  /** Pages followed at most for one reference; a carrier that pages on and on stops there. */
  maxPages?: number;
  /** The largest answer read. */
  maxBodyBytes?: number;
  logger?: Logger;
}

export const DCSA_CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  pageSize: 100,
  maxPages: 100,
  maxBodyBytes: 10 * 1024 * 1024,
} as const;

/** The standard asks a client's `API-Version` header for the MAJOR version only ("2"). */
const API_VERSION_HEADER = DCSA_API_VERSION.split(".")[0]!;
/** What a subscription asks for: every kind of event about the reference (the adapter reads all three). */
const SUBSCRIBED_EVENT_TYPES = ["SHIPMENT", "TRANSPORT", "EQUIPMENT"] as const;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export class HttpDcsaClient implements DcsaClient {
  readonly #o: Required<Omit<HttpDcsaClientOptions, "resolve" | "logger">> &
    Pick<HttpDcsaClientOptions, "resolve" | "logger">;
  readonly #tokens: OAuthTokens;

  constructor(options: HttpDcsaClientOptions = {}) {
    // An option given as undefined (an unset setting passed along) keeps its default.
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    this.#o = { ...DCSA_CLIENT_DEFAULTS, clock: systemClock, ...given };
    this.#tokens = new OAuthTokens(this.#o.clock, (request, connection) => this.#send(request, connection));
  }

  async events(connection: DcsaConnection, query: DcsaEventQuery): Promise<DcsaCallResult<DcsaEvent[]>> {
    const parameter = DCSA_REFERENCE_PARAMETER[query.requestType];
    const asked = `${parameter} ${query.reference}`;
    const first = endpoint(connection, "/v2/events", {
      [parameter]: query.reference,
      limit: String(this.#o.pageSize),
    });
    if (!first.ok) return first;
    let url = first.value;
    const visited = new Set<string>();
    const events: DcsaEvent[] = [];
    for (let page = 1; ; page++) {
      visited.add(url.href);
      const answer = await this.#call(connection, { method: "GET", url, headers: {} });
      if (!answer.ok) {
        if (answer.failure.kind === "not_found")
          // A 404 on a later page is the carrier losing its own link, not an unknown reference.
          return fail(
            connection,
            page === 1
              ? { kind: "not_found", detail: `The carrier does not know ${asked} (404)` }
              : {
                  kind: "unreadable",
                  httpStatus: 404,
                  detail: `The carrier answered 404 for page ${page} of its own paging`,
                },
          );
        return fail(connection, answer.failure);
      }
      const read = readEvents(answer.value);
      if (!read.ok) return fail(connection, read.failure);
      for (const event of read.value) events.push(event);
      const next = header(answer.value.headers[DCSA_PAGE_HEADERS.next.toLowerCase()]);
      if (!next?.trim()) break;
      if (page >= this.#o.maxPages) {
        this.#o.logger?.warn("dcsa paging stopped at the page cap", {
          connection: connection.id,
          scac: connection.scac,
          pages: page,
        });
        break;
      }
      const target = nextPageUrl(next, connection.baseUrl);
      if ("refused" in target)
        return fail(connection, {
          kind: "unreadable",
          httpStatus: answer.value.status,
          detail: capitalize(target.refused),
        });
      // A carrier that links back to a page already read would page forever: what was read so far is the answer.
      if (visited.has(target.url.href)) {
        this.#o.logger?.warn("dcsa paging stopped at a page already read", {
          connection: connection.id,
          scac: connection.scac,
          pages: page,
        });
        break;
      }
      url = target.url;
    }
    if (events.length === 0)
      return { ok: false, failure: { kind: "not_found", detail: `The carrier has no events for ${asked}` } };
    return { ok: true, value: events };
  }

  async probe(connection: DcsaConnection): Promise<DcsaProbe> {
    const started = performance.now();
    const target = endpoint(connection, "/v2/events", { limit: "1" });
    const url = target.ok ? target.value : connection.baseUrl;
    const answer = target.ok
      ? await this.#call(connection, { method: "GET", url: target.value, headers: {} })
      : target;
    const read = answer.ok ? readEvents(answer.value) : answer;
    return probeOutcome({
      result: read.ok
        ? { ok: true, count: read.value.length, httpStatus: answer.ok ? answer.value.status : 200 }
        : { ok: false, failure: redact(connection, read.failure) },
      url: withoutCredentials(url),
      durationMs: Math.round(performance.now() - started),
    });
  }

  async subscribe(
    connection: DcsaConnection,
    body: { callbackUrl: string; secret: Buffer; reference: DcsaEventQuery },
  ): Promise<DcsaCallResult<{ subscriptionId: string }>> {
    const payload = {
      callbackUrl: body.callbackUrl,
      eventType: SUBSCRIBED_EVENT_TYPES,
      [DCSA_REFERENCE_PARAMETER[body.reference.requestType]]: body.reference.reference,
      secret: body.secret.toString("base64"),
    };
    const url = endpoint(connection, "/v2/event-subscriptions");
    if (!url.ok) return url;
    const answer = await this.#call(connection, {
      method: "POST",
      url: url.value,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (!answer.ok) return fail(connection, endpointMissing(answer.failure, "event subscriptions"));
    const id = parseJson(answer.value.body)?.subscriptionID;
    if (typeof id !== "string" || id === "")
      return fail(connection, {
        kind: "unreadable",
        httpStatus: answer.value.status,
        detail: `The carrier answered ${answer.value.status} to the subscription without a subscriptionID`,
      });
    return { ok: true, value: { subscriptionId: id } };
  }

  /** Ends a subscription. One the carrier no longer knows (404) is ended already: that is success. */
  async unsubscribe(connection: DcsaConnection, subscriptionId: string): Promise<DcsaCallResult<void>> {
    const url = endpoint(connection, `/v2/event-subscriptions/${encodeURIComponent(subscriptionId)}`);
    if (!url.ok) return url;
    const answer = await this.#call(connection, {
      method: "DELETE",
      url: url.value,
      headers: {},
    });
    if (!answer.ok && answer.failure.kind !== "not_found") return fail(connection, answer.failure);
    return { ok: true, value: undefined };
  }

  /**
   * One authenticated call; a 2xx is success, anything else a failure. With OAuth, a 401 on a token from the
   * cache means the carrier revoked or expired it early: the token is dropped and the call made once more with a
   * new one.
   */
  async #call(connection: DcsaConnection, request: GuardedRequest): Promise<DcsaCallResult<Answer>> {
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {
        ...request.headers,
        Accept: "application/json",
        "API-Version": API_VERSION_HEADER,
      };
      const { auth } = connection;
      let token: { value: string; fresh: boolean } | undefined;
      if (auth.type === "api_key") headers[auth.header] = auth.value;
      if (auth.type === "oauth2_client_credentials") {
        const got = await this.#tokens.token(connection, auth);
        if (!got.ok) return got;
        token = got.value;
        headers.Authorization = `Bearer ${token.value}`;
      }
      const answer = await this.#send({ ...request, headers }, connection);
      if (!answer.ok) return { ok: false, failure: noAnswerFailure(answer, "the carrier") };
      if (answer.status >= 200 && answer.status < 300) return { ok: true, value: answer };
      if (answer.status === 401 && token && !token.fresh && attempt === 1) {
        this.#tokens.drop(connection, token.value);
        continue;
      }
      const credential =
        auth.type === "api_key"
          ? "the API key"
          : auth.type === "oauth2_client_credentials"
            ? "the OAuth client's token"
            : null;
      return {
        ok: false,
        failure: statusFailure(answer.status, answer.headers, this.#o.clock.now(), "the carrier", credential),
      };
    }
  }

  #send(request: GuardedRequest, connection: DcsaConnection) {
    return guardedRequest(request, {
      timeoutMs: this.#o.timeoutMs,
      internal: connection.internal,
      maxBodyBytes: this.#o.maxBodyBytes,
      resolve: this.#o.resolve,
    });
  }
}

/** An endpoint under the connection's base URL; a base URL that is no address is the connection's fault. */
function endpoint(
  connection: DcsaConnection,
  path: string,
  query: Record<string, string> = {},
): DcsaCallResult<URL> {
  let url: URL;
  try {
    url = new URL(`${connection.baseUrl}${path}`);
  } catch {
    return {
      ok: false,
      failure: { kind: "unreadable", httpStatus: null, detail: "The base URL is not an absolute address" },
    };
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { ok: true, value: url };
}

/** A page must be a JSON array of events, each an object with its `eventType`; anything else is not DCSA. */
function readEvents(answer: Answer): DcsaCallResult<DcsaEvent[]> {
  if (answer.status === 204 && answer.body.length === 0) return { ok: true, value: [] };
  const value = parseJsonValue(answer.body);
  if (
    Array.isArray(value) &&
    value.every((e) => e && typeof e === "object" && !Array.isArray(e) && typeof e.eventType === "string")
  )
    return { ok: true, value: value as DcsaEvent[] };
  return {
    ok: false,
    failure: {
      kind: "unreadable",
      httpStatus: answer.status,
      detail: `The carrier answered ${answer.status}, but not with DCSA events (a JSON array of events, each with its eventType)`,
    },
  };
}

/** A 404 on an endpoint the standard has means the carrier lacks it, not that a reference is unknown. */
function endpointMissing(failure: DcsaCallFailure, what: string): DcsaCallFailure {
  return failure.kind === "not_found"
    ? { kind: "unreadable", httpStatus: 404, detail: `The carrier does not offer ${what} (404)` }
    : failure;
}

function fail<T>(connection: DcsaConnection, failure: DcsaCallFailure): DcsaCallResult<T> {
  return { ok: false, failure: redact(connection, failure) };
}

/**
 * The connection's secrets blanked out of a detail. Details are built from our own words, statuses and
 * addresses, but a carrier's redirect target or an error message could still echo what we sent.
 */
function redact(connection: DcsaConnection, failure: DcsaCallFailure): DcsaCallFailure {
  const { auth } = connection;
  const secrets =
    auth.type === "api_key"
      ? [auth.value]
      : auth.type === "oauth2_client_credentials"
        ? [auth.clientSecret]
        : [];
  let detail = failure.detail;
  for (const secret of secrets) if (secret.length >= 4) detail = detail.split(secret).join("[secret]");
  return { ...failure, detail };
}

function withoutCredentials(url: URL | string): string {
  if (typeof url === "string") return url.replace(/\/\/[^/@]*@/, "//");
  const copy = new URL(url);
  copy.username = "";
  copy.password = "";
  return copy.toString();
}

function parseJsonValue(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  const value = parseJsonValue(body);
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
