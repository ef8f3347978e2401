// Tests' referee for the notifications a DCSA publisher pushes (the sandbox's notifier): the yaml's callback
// (`POST {callbackUrl}` under POST /v2/event-subscriptions), which openapi-backend does not reach by itself, lifted
// into a document of its own and checked with a real validator. Answers of the API itself are dcsa-openapi.ts's.
//
//   expect(validatePublisherNotification(body, headers)).toEqual([]);
import type { ErrorObject } from "ajv";
import { type Document, OpenAPIBackend } from "openapi-backend";
import { readDcsaDefinition, withDcsaFormats } from "./dcsa-openapi";

const definition = readDcsaDefinition();
// The notification: POST /v2/event-subscriptions → callbacks → event → '{$request.body.callbackUrl}' → post.
const subscriptionsPost = definition.paths["/v2/event-subscriptions"]?.post as {
  callbacks: Record<string, Record<string, { post: Record<string, unknown> }>>;
};
const callbackOperation = Object.values(subscriptionsPost.callbacks.event ?? {})[0]?.post;
if (!callbackOperation)
  throw new Error("The yaml has no notification callback under POST /v2/event-subscriptions");
const callbackApi = new OpenAPIBackend({
  definition: {
    openapi: definition.openapi,
    info: definition.info,
    paths: { "/callback": { post: { ...structuredClone(callbackOperation), operationId: "notification" } } },
    components: structuredClone(definition.components),
  } as unknown as Document,
  validate: true,
  quick: true,
  customizeAjv: withDcsaFormats,
});
await callbackApi.init();

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`.trim());
}

function lowerCaseHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

/** Headers of a fetch Response as a plain object. */
export function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

/**
 * Problems with one notification as the subscriber receives it: the JSON body against the callback's request
 * schema, and its headers (Notification-Signature's pattern, Subscription-ID a UUID, API-Version). The deprecated
 * `Signature` header, which the yaml still marks required and which no current publisher sends, is not asked for.
 */
export function validatePublisherNotification(
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
): string[] {
  const given = lowerCaseHeaders(headers);
  // An object-typed header cannot travel as text: the deprecated one is stood in for so that the rest is checked.
  const request = {
    method: "post",
    path: "/callback",
    query: {},
    headers: { signature: {} as never, ...given },
    body,
  };
  const operation = callbackApi.getOperation("notification");
  if (!operation) return ["the callback operation was not lifted"];
  const problems = describe(callbackApi.validateRequest(request, operation).errors);
  const type = String(given["content-type"] ?? "");
  if (!type.startsWith("application/json"))
    problems.push(`Content-Type must be application/json, was '${type}'`);
  return problems;
}
