// The checks of one field of a carrier connection's body: the problems list every check adds to (one 422 at each
// attribute's pointer, in the hosted API's words), a URL the service will call (https, no credentials, no private
// address unless the connection is internal), and a short text. input.ts checks the body with them.
import { CARRIER_CONNECTION_LIMITS } from "../../../api/carrier-connections";
import { attributePointer } from "../../../api/json-pointer";
import { forbiddenReason, portProblem } from "../../net/outbound-guard";
import { type ErrorSpec, quote } from "../errors";

/** RFC 9110's `token`: the characters a header name may have. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Control characters: a header value holding one could split the request the client sends. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: it exists to find them.
export const CONTROL = /[\u0000-\u001f\u007f]/;

/** `base_url` → "Base url", as the hosted API words its attribute errors. */
export const words = (field: string) => {
  const spaced = field
    .replaceAll("_", " ")
    .replace(/^oauth /, "OAuth ")
    .replace(/^api /, "API ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export class Problems {
  readonly list: ErrorSpec[] = [];
  add(field: string, detail: string, code = "invalid") {
    this.list.push({ code, detail, source: { pointer: attributePointer(field) } });
  }
  has(field: string) {
    return this.list.some(
      (p) => p.source && "pointer" in p.source && p.source.pointer === attributePointer(field),
    );
  }
}

/** The URL without its trailing slashes, or undefined after adding what is wrong with it. */
export function checkUrl(
  problems: Problems,
  field: "base_url" | "oauth_token_url",
  raw: string,
  internal: boolean,
): string | undefined {
  const name = words(field);
  const text = raw.trim();
  if (text.length > CARRIER_CONNECTION_LIMITS[field]) {
    problems.add(field, `${name} can be at most ${CARRIER_CONNECTION_LIMITS[field]} characters`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.add(
      field,
      `${name} must be an absolute https URL, like https://api.carrier.example/track-and-trace (got ${quote(text)})`,
    );
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    problems.add(field, `${name} must be an https URL (got ${quote(url.protocol)})`);
    return undefined;
  }
  if (url.protocol === "http:" && !internal) {
    problems.add(
      field,
      `${name} must be an https URL; plain http is allowed only on a connection marked internal by the operator`,
    );
    return undefined;
  }
  if (url.username || url.password) {
    problems.add(
      field,
      `${name} cannot carry a user name or password; give the credentials in the connection's authentication`,
    );
    return undefined;
  }
  // The base is a prefix the client appends `/v2/events?…` to; the token endpoint is called as it is, but a
  // fragment never reaches a server either way.
  if ((field === "base_url" && (url.search || text.includes("?"))) || url.hash || text.includes("#")) {
    problems.add(
      field,
      field === "base_url"
        ? `${name} cannot have a query or fragment; give the address that /v2/events follows`
        : `${name} cannot have a fragment`,
    );
    return undefined;
  }
  if (!internal) {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const lower = host.toLowerCase().replace(/\.$/, "");
    const reason =
      lower === "localhost" || lower.endsWith(".localhost") ? "a loopback address" : forbiddenReason(host);
    if (reason && reason !== "not an IP address") {
      problems.add(
        field,
        `${name} points to ${host}, which is ${reason}; only a connection marked internal by the operator may reach a private address`,
      );
      return undefined;
    }
    const badPort = portProblem(url);
    if (badPort) {
      problems.add(field, `${name} uses ${badPort.replace("webhooks", "carrier connections")}`);
      return undefined;
    }
  }
  return field === "base_url" ? `${url.origin}${url.pathname}`.replace(/\/+$/, "") : url.toString();
}

/** A short text: trimmed, empty as null, at most its limit. */
export function checkText(
  problems: Problems,
  field: keyof typeof CARRIER_CONNECTION_LIMITS,
  value: string | null,
): string | null {
  const text = value?.trim() ?? "";
  if (text.length > CARRIER_CONNECTION_LIMITS[field]) {
    problems.add(field, `${words(field)} can be at most ${CARRIER_CONNECTION_LIMITS[field]} characters`);
  } else if (CONTROL.test(text)) {
    problems.add(field, `${words(field)} cannot contain control characters or line breaks`);
  }
  return text === "" ? null : text;
}
