// Global search's server state, through the public /v2 API only: shipments and containers by `q`, the fleet
// (GET /v2/vessels, searched here by vessel name and IMO, with the ports it sails between), and a port by its
// UN/LOCODE (GET /v2/ports/{code}). The API has no list of ports to search by name: port names are found among the
// fleet's ports and the ports of the shipments and containers `q` finds (it matches port names too).
import { queryOptions } from "@tanstack/react-query";
import { containerSchema } from "../../../api/containers";
import { listDocument, singleDocument } from "../../../api/json-api";
import { portSchema } from "../../../api/reference";
import { shipmentSchema } from "../../../api/shipments";
import { FLEET_PAGE_SIZE_MAX, fleetDocumentSchema } from "../../../api/vessels";
import { ApiError, apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import type { FleetVesselEntry, PortEntry } from "./results";

/** The API's `q` is served by trigram indexes, which need three characters to narrow anything down. */
export const SERVER_TERM_MIN = 3;
/** Vessels and ports are matched here, on a list already loaded: two characters are enough. */
export const LOCAL_TERM_MIN = 2;
/** Results of each kind asked for: a few more than are shown, so that ranking here can pick the best. */
const PAGE_SIZE = 10;
/** The fleet changes slowly; a search box does not need it fresher than this. */
const FLEET_STALE_MS = 5 * 60_000;
/** Bounds the pages read, so that a server that never ends its list cannot loop us. */
const MAX_FLEET_PAGES = 20;

export const searchKeys = {
  // Under the lists' own roots: a change that refreshes the shipments or containers refreshes what search found.
  shipments: (term: string) => [...queryRoots.shipments, "search", term] as const,
  containers: (term: string) => [...queryRoots.containers, "search", term] as const,
  fleet: () => [...queryRoots.map, "search-fleet"] as const,
  port: (code: string) => ["ports", "detail", code] as const,
};

const shipmentList = listDocument(shipmentSchema);
const containerList = listDocument(containerSchema);
const portDocument = singleDocument(portSchema);

export function shipmentMatchesQuery(term: string) {
  return queryOptions({
    queryKey: searchKeys.shipments(term),
    // The signal is passed on: React Query aborts the request when a newer term supersedes this one.
    queryFn: ({ signal }) =>
      apiRequest("/v2/shipments", {
        schema: shipmentList,
        query: { q: term, "page[size]": PAGE_SIZE },
        signal,
      }),
    enabled: term.length >= SERVER_TERM_MIN,
    staleTime: 30_000,
  });
}

export function containerMatchesQuery(term: string) {
  return queryOptions({
    queryKey: searchKeys.containers(term),
    queryFn: ({ signal }) =>
      apiRequest("/v2/containers", {
        schema: containerList,
        query: { q: term, "page[size]": PAGE_SIZE },
        signal,
      }),
    enabled: term.length >= SERVER_TERM_MIN,
    staleTime: 30_000,
  });
}

export interface SearchFleet {
  vessels: FleetVesselEntry[];
  ports: PortEntry[];
}

/** Every vessel carrying the account's containers, and the ports they sail between, in pages of a thousand. */
export function searchFleetQuery() {
  return queryOptions({
    queryKey: searchKeys.fleet(),
    queryFn: async ({ signal }): Promise<SearchFleet> => {
      const vessels = new Map<string, FleetVesselEntry>();
      const ports = new Map<string, PortEntry>();
      for (let number = 1; number <= MAX_FLEET_PAGES; number++) {
        const page = await apiRequest("/v2/vessels", {
          schema: fleetDocumentSchema,
          query: { "page[number]": number, "page[size]": FLEET_PAGE_SIZE_MAX },
          signal,
        });
        const portNames = new Map(page.included.map((p) => [p.id, p.attributes.name]));
        for (const p of page.included) {
          ports.set(p.attributes.code, {
            code: p.attributes.code,
            name: p.attributes.name,
            countryCode: p.attributes.country_code,
          });
        }
        for (const v of page.data) {
          const next = v.relationships.next_port.data;
          vessels.set(v.id, {
            id: v.id,
            name: v.attributes.name,
            imo: v.attributes.imo,
            nextPortName: next ? (portNames.get(next.id) ?? null) : null,
          });
        }
        if (!page.links.next || page.data.length === 0) break;
      }
      return { vessels: [...vessels.values()], ports: [...ports.values()] };
    },
    staleTime: FLEET_STALE_MS,
  });
}

/** Five letters or digits 2–9 after a two-letter country: what a UN/LOCODE looks like ("USSAV", "CNSHA"). */
export function looksLikeLocode(term: string): boolean {
  return /^[A-Za-z]{2}[A-Za-z2-9]{3}$/.test(term.trim());
}

/** The port with this UN/LOCODE, or null when the API knows none. */
export function portByCodeQuery(code: string) {
  const upper = code.trim().toUpperCase();
  return queryOptions({
    queryKey: searchKeys.port(upper),
    queryFn: async ({ signal }): Promise<PortEntry | null> => {
      try {
        const { data } = await apiRequest(`/v2/ports/${encodeURIComponent(upper)}`, {
          schema: portDocument,
          signal,
        });
        return {
          code: data.attributes.code,
          name: data.attributes.name,
          countryCode: data.attributes.country_code,
        };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: looksLikeLocode(upper),
    // Ports do not change while someone searches.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
