// /v2/containers/{id}/voyage_exceptions: the changes the line made to a container's voyage, newest first, as the
// container page and the alerts name them.
import { getContainer } from "../../db/containers";
import { containerVoyageExceptions } from "../../db/voyage-exceptions";
import { voyageExceptionResource } from "../../resources/voyage-exceptions";
import type { App, DataDeps } from "../env";
import { notFound } from "../errors";
import { createRouter } from "../router";
import { listRoute } from "./routes";

export function voyageExceptionRoutes(deps: Pick<DataDeps, "db">): App {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const { id } = c.req.valid("param");
    const container = await getContainer(deps.db, accountId, id);
    if (!container) throw notFound("container", id);
    const rows = await containerVoyageExceptions(deps.db, accountId, id);
    return c.json({ data: rows.map(voyageExceptionResource) }, 200);
  });
  return app;
}
