// JSON:API resource of a free time tariff, as /v2/free_time_tariffs answers it: a published one (read-only) or
// one of the account's own.
import type { FreeTimeTariffResource, Tariff } from "../../api/free-time";

export function tariffResource(t: Tariff, updatedAt: Date | null): FreeTimeTariffResource {
  return {
    id: t.id,
    type: "free_time_tariff",
    attributes: {
      scac: t.scac,
      port_locode: t.port_locode,
      terminal: t.terminal,
      equipment_length: t.equipment_length,
      equipment_type: t.equipment_type,
      kind: t.kind,
      counts_from: t.counts_from,
      free_days: t.free_days,
      currency: t.currency,
      tiers: t.tiers,
      source: t.source,
      read_only: t.source === "published",
      updated_at: updatedAt ? updatedAt.toISOString() : null,
    },
    links: { self: `/v2/free_time_tariffs/${t.id}` },
  };
}
