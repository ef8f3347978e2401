// /v2/account: the account the request acts in, and its settings (owners).

import type { AccountRow } from "../../db/accounts";
import { updateAccount } from "../../people/account";
import { accountSettingsResource } from "../../resources/account-settings";
import { documentOf } from "../../resources/documents";
import type { App } from "../env";
import { doerOf, originOfRequest, type PeopleRouteDeps, refusalError } from "../people-context";
import { createRouter } from "../router";
import { editRoute, getRoute } from "./routes";

export function accountRoutes(
  deps: Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials" | "inboundAddress">,
): App {
  const app = createRouter();
  const accountDocument = async (account: AccountRow) =>
    documentOf(accountSettingsResource(account, await deps.inboundAddress(account.id)), "/v2/account");

  app.openapi(getRoute, async (c) => c.json(await accountDocument(c.get("principal").account), 200));

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
    return c.json(await accountDocument(result.account), 200);
  });
  return app;
}
