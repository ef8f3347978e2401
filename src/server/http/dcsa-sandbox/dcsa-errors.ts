// Errors of the sandbox's DCSA publisher in the standard's own shape (tnt-v2.2.0.yaml, components/schemas/error),
// not our JSON:API one: a DCSA client reads `errors[].reason` and `message`.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DCSA_API_VERSION } from "../../tracking/dcsa/types";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
};

export function dcsaError(c: Context, status: ContentfulStatusCode, reason: string, message: string) {
  const url = new URL(c.req.url);
  return c.json(
    {
      httpMethod: c.req.method,
      requestUri: `${url.pathname}${url.search}`,
      errors: [{ reason, message }],
      statusCode: status,
      statusCodeText: STATUS_TEXT[status] ?? "Error",
      errorDateTime: new Date().toISOString(),
    },
    status,
    { "API-Version": DCSA_API_VERSION },
  );
}
