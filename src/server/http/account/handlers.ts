// /v2/account: the account the request acts in, and its settings (owners).

import { updateAccount } from "../../people/account";
import { accountSettingsResource } from "../../resources/account-settings";
import { documentOf } from "../../resources/documents";
import type { App } from "../env";
import { doerOf, originOfRequest, type PeopleRouteDeps, refusalError } from "../people-context";
import { createRouter } from "../router";
import { editRoute, getRoute } from "./routes";

export function accountRoutes(deps: Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials">): App {
  const app = createRouter();
  app.openapi(getRoute, (c) =>
    c.json(documentOf(accountSettingsResource(c.get("principal").account), "/v2/account"), 200),
  );

  app.openapi(editRoute, async (c) => {
    const principal = c.get("principal");
    const attributes = c.req.valid("json").data.attributes;
    const result = await updateAccount(deps.db, {
      account: principal.account,
      doer: doerOf(principal),
      origin: originOfRequest(c, deps.now),
      companyName: attributes.company_name,
      requireTwoFactor: attributes.require_two_factor,
    });
    if (!result.ok) throw refusalError(result);
    deps.forgetCredentials?.();
    return c.json(documentOf(accountSettingsResource(result.account), "/v2/account"), 200);
  });
  return app;
}
