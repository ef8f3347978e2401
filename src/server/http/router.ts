// A router: one resource's routes as a sub-app, mounted on the app with `app.route("/", router)`. Its OpenAPI
// routes join the app's document when mounted; the validation hook is the app's, so that a bad parameter or body
// gets the same JSON:API error whichever router answers.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { App, AppEnv } from "./env";
import { defaultHook } from "./openapi-common";

export function createRouter(): App {
  return new OpenAPIHono<AppEnv>({ defaultHook });
}
