// `/demo.json`: the local demo account's key, which the dashboard's sign-in page offers. It opens the demo account
// to whoever has it: handed to this machine's browser only, unless the operator says the demo is public
// (DEMO_PUBLIC=1). Elsewhere, and on a server without a demo account, the answer is the same 404.
import { Hono } from "hono";
import { isLoopbackClient } from "./client-address";
import type { AppEnv } from "./env";
import { errorObject } from "./errors";

export interface DemoKeyDeps {
  /** The demo account's key; undefined when this server runs no demo account. */
  apiKey: () => string | undefined;
  /** Offer the key to clients on other machines too; loopback clients only by default. */
  public: boolean;
}

export function demoKeyRoutes(deps: DemoKeyDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/demo.json", (c) => {
    const key = deps.public || isLoopbackClient(c) ? deps.apiKey() : undefined;
    if (!key) {
      const detail = "This server does not run a demo account.";
      return c.json({ errors: [errorObject(404, { code: "not_found", detail })] }, 404);
    }
    return c.json({ api_key: key, company_name: "Demo Logistics" });
  });
  return routes;
}
