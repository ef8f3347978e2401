// /v2/free_time_tariffs: the published tariffs (read-only) and the account's own (list, create, read, edit,
// delete). Changing a published one is a 403 that says to add an own one instead; the account keeps at most
// OWN_TARIFFS_MAX of its own.
import type { FreeTimeCountsFrom, FreeTimeKind, Tariff } from "../../../api/free-time";
import {
  countOwnTariffs,
  createOwnTariff,
  deleteOwnTariff,
  type FreeTimeTariffRow,
  type FreeTimeTariffValues,
  getOwnTariff,
  listOwnTariffs,
  OWN_TARIFFS_MAX,
  tariffOfRow,
  updateOwnTariff,
} from "../../db/free-time-tariffs";
import { PUBLISHED_TARIFFS, publishedTariff } from "../../db/reference/free-time-tariffs";
import { documentOf } from "../../resources/documents";
import { tariffResource } from "../../resources/free-time-tariffs";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter, idMismatch, notFound, quote } from "../errors";
import { withActivity } from "../people-context";
import { createRouter } from "../router";
import { createRouteDef, deleteRoute, getRoute, listRoute, patchRoute } from "./routes";

const readOnly = (id: string) =>
  new ApiError(403, {
    code: "read_only",
    detail: `The tariff ${quote(id)} is a published tariff and can't be changed or deleted. Add one of the account's own (POST /v2/free_time_tariffs) with the same line, port and box to override it.`,
    source: { parameter: "id" },
  });

/** Demurrage counts from discharge whatever is asked; detention from pickup unless the line counts from discharge. */
function countsFrom(kind: FreeTimeKind, asked: FreeTimeCountsFrom | undefined): FreeTimeCountsFrom {
  return kind === "demurrage" ? "discharge" : (asked ?? "pickup");
}

const own = (row: FreeTimeTariffRow) => tariffResource(tariffOfRow(row), row.updatedAt);

/** "MAEU demurrage at USLAX, 40 ft: 7 free days": how the activity log names a tariff. */
function tariffWords(v: FreeTimeTariffValues): string {
  const where = [v.portLocode, v.terminal].filter(Boolean).join(" ");
  const box = [v.equipmentLength ? `${v.equipmentLength} ft` : null, v.equipmentType]
    .filter(Boolean)
    .join(" ");
  return `${v.scac} ${v.kind}${where ? ` at ${where}` : ""}${box ? `, ${box}` : ""}: ${v.freeDays} free days`;
}

export function freeTimeTariffRoutes(deps: DataDeps): App {
  const app = createRouter();
  const { db, clock } = deps;

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const source = query["filter[source]"];
    if (source !== undefined && source !== "published" && source !== "account") {
      throw badParameter("filter[source]", "filter[source] must be published or account.");
    }
    const scac = query["filter[scac]"]?.trim().toUpperCase();
    const keep = (t: Tariff) => !scac || t.scac === scac;
    const rows = source === "published" ? [] : await listOwnTariffs(db, c.get("principal").account.id);
    const data = [
      ...rows.filter((r) => keep(tariffOfRow(r))).map(own),
      ...(source === "account" ? [] : PUBLISHED_TARIFFS.filter(keep).map((t) => tariffResource(t, null))),
    ];
    return c.json(
      { data, links: { self: "/v2/free_time_tariffs" }, meta: { size: data.length, total: data.length } },
      200,
    );
  });

  app.openapi(createRouteDef, async (c) => {
    const a = c.req.valid("json").data.attributes;
    const accountId = c.get("principal").account.id;
    if ((await countOwnTariffs(db, accountId)) >= OWN_TARIFFS_MAX) {
      throw new ApiError(422, {
        code: "limit_reached",
        detail: `An account keeps at most ${OWN_TARIFFS_MAX} tariffs of its own; delete one to add another.`,
        source: { pointer: "/data" },
      });
    }
    const values: FreeTimeTariffValues = {
      scac: a.scac,
      portLocode: a.port_locode,
      terminal: a.terminal,
      equipmentLength: a.equipment_length,
      equipmentType: a.equipment_type,
      kind: a.kind,
      countsFrom: countsFrom(a.kind, a.counts_from),
      freeDays: a.free_days,
      currency: a.currency,
      tiers: a.tiers,
    };
    const row = await withActivity(
      c,
      db,
      (tx) => createOwnTariff(tx, accountId, values, clock.now()),
      (r) => ({
        kind: "free_time_tariff.created",
        what: `added the free time tariff ${tariffWords(values)}`,
        subject: { type: "free_time_tariff", id: r.id },
      }),
    );
    return c.json(documentOf(own(row), `/v2/free_time_tariffs/${row.id}`), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const published = publishedTariff(id);
    if (published)
      return c.json(documentOf(tariffResource(published, null), `/v2/free_time_tariffs/${id}`), 200);
    const row = await getOwnTariff(db, c.get("principal").account.id, id);
    if (!row) throw notFound("free time tariff", id);
    return c.json(documentOf(own(row), `/v2/free_time_tariffs/${id}`), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    if (publishedTariff(id)) throw readOnly(id);
    const accountId = c.get("principal").account.id;
    const current = await getOwnTariff(db, accountId, id);
    if (!current) throw notFound("free time tariff", id);
    const a = data.attributes;
    const kind = a.kind ?? (current.kind as FreeTimeKind);
    const values: FreeTimeTariffValues = {
      scac: a.scac ?? current.scac,
      portLocode: a.port_locode !== undefined ? a.port_locode : current.portLocode,
      terminal: a.terminal !== undefined ? a.terminal : current.terminal,
      equipmentLength: a.equipment_length !== undefined ? a.equipment_length : current.equipmentLength,
      equipmentType: a.equipment_type !== undefined ? a.equipment_type : current.equipmentType,
      kind,
      countsFrom: countsFrom(kind, a.counts_from ?? (current.countsFrom as FreeTimeCountsFrom)),
      freeDays: a.free_days ?? current.freeDays,
      currency: a.currency ?? current.currency,
      tiers: a.tiers ?? current.tiers,
    };
    const row = await withActivity(
      c,
      db,
      (tx) => updateOwnTariff(tx, accountId, id, values, clock.now()),
      (r) =>
        r
          ? {
              kind: "free_time_tariff.updated",
              what: `changed the free time tariff ${tariffWords(values)}`,
              subject: { type: "free_time_tariff", id },
            }
          : undefined,
    );
    if (!row) throw notFound("free time tariff", id);
    return c.json(documentOf(own(row), `/v2/free_time_tariffs/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (publishedTariff(id)) throw readOnly(id);
    const accountId = c.get("principal").account.id;
    const current = await getOwnTariff(db, accountId, id);
    if (!current) throw notFound("free time tariff", id);
    const deleted = await withActivity(
      c,
      db,
      (tx) => deleteOwnTariff(tx, accountId, id),
      (done) =>
        done
          ? {
              kind: "free_time_tariff.deleted",
              what: `deleted the free time tariff ${tariffWords(current)}`,
              subject: { type: "free_time_tariff", id },
            }
          : undefined,
    );
    if (!deleted) throw notFound("free time tariff", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
