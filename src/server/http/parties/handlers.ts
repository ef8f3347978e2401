// /v2/parties: the companies an account ships for (list, create, read, rename), as the hosted API has them.
import { createParty, DuplicatePartyName, getParty, listParties, renameParty } from "../../db/parties";
import { documentOf } from "../../resources/documents";
import { partyResource } from "../../resources/parties";
import type { App, DataDeps } from "../env";
import { invalidAttribute, notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { createRouter } from "../router";
import { createPartyRoute, getRoute, listRoute, patchRoute } from "./routes";

const COMPANY_NAME_POINTER = "/data/attributes/company_name";

/** The hosted API's words for a name the account already has. */
function duplicateName(error: DuplicatePartyName) {
  return invalidAttribute(COMPANY_NAME_POINTER, `'${error.companyName}' already exists in Account`, "taken");
}

/** Runs a write, answering a duplicate name as the hosted API does. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicatePartyName) throw duplicateName(error);
    throw error;
  }
}

export function partyRoutes(deps: Pick<DataDeps, "db" | "clock">): App {
  const app = createRouter();
  const { db, clock } = deps;

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query);
    const { records, total } = await listParties(
      db,
      c.get("principal").account.id,
      { companyName: query["filter[company_name]"] },
      page,
    );
    return c.json(pageDocument(c.req.url, page, { total }, records.map(partyResource)), 200);
  });

  app.openapi(createPartyRoute, async (c) => {
    const { company_name } = c.req.valid("json").data.attributes;
    const accountId = c.get("principal").account.id;
    const row = await refusingDuplicates(() => createParty(db, accountId, company_name, clock.now()));
    // A new party is nobody's customer yet.
    return c.json(documentOf(partyResource({ party: row, shipmentsCount: 0 }), `/v2/parties/${row.id}`), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const record = await getParty(db, c.get("principal").account.id, id);
    if (!record) throw notFound("party", id);
    return c.json(documentOf(partyResource(record), `/v2/parties/${id}`), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { company_name } = c.req.valid("json").data.attributes;
    const accountId = c.get("principal").account.id;
    const row = await refusingDuplicates(() => renameParty(db, accountId, id, company_name, clock.now()));
    if (!row) throw notFound("party", id);
    // The count as the rename left it, read afresh.
    const record = await getParty(db, accountId, row.id);
    return c.json(
      documentOf(partyResource(record ?? { party: row, shipmentsCount: 0 }), `/v2/parties/${id}`),
      200,
    );
  });
  return app;
}
