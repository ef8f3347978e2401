// /v2/carrier_data_quality: each shipping line's data quality in the account, over the last 90 days' arrivals.
import { DATA_QUALITY_DAYS, SETTLE_DAYS } from "../../../api/data-quality";
import { DAY } from "../../../api/durations";
import { lineQuality } from "../../db/data-quality";
import { carrierDataQualityResource } from "../../resources/data-quality";
import type { App, DataDeps } from "../env";
import { createRouter } from "../router";
import { listRoute } from "./routes";

export function dataQualityRoutes(deps: Pick<DataDeps, "db" | "clock">): App {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const now = deps.clock.now().getTime();
    const from = new Date(now - DATA_QUALITY_DAYS * DAY);
    const to = new Date(now - SETTLE_DAYS * DAY);
    const lines = await lineQuality(deps.db, accountId, from, to);
    lines.sort((a, b) => b.containers - a.containers || a.scac.localeCompare(b.scac));
    return c.json(
      {
        data: lines.map(carrierDataQualityResource),
        meta: { from: from.toISOString(), to: to.toISOString(), days: DATA_QUALITY_DAYS },
      },
      200,
    );
  });
  return app;
}
