// Which vessel `get_vessel` means: an id, an IMO number, or a name looked for in the account's fleet (the vessels
// carrying its containers now), then by search (those that carried them before). Several matches are a question
// back to the person, never a guess.
import { isUuid } from "../../../../api/ids";
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, searchDocumentSchema } from "../../../../api/search";
import { FLEET_PAGE_SIZE_MAX, fleetDocumentSchema } from "../../../../api/vessels";
import { ApiCallError, type ApiCaller } from "../api-caller";

const IMO = /^(?:IMO\s*)?(\d{7})$/i;
/** How many pages of the fleet a name is looked for in (a thousand vessels each). */
const FLEET_PAGES_SEARCHED = 5;

interface NamedVessel {
  id: string;
  name: string;
  imo: string | null;
}

const nameKey = (name: string) => name.replace(/\s+/g, " ").trim().toUpperCase();
const vesselWords = (v: NamedVessel) => (v.imo ? `${v.name} (IMO ${v.imo})` : v.name);

/** The id or IMO the API's vessel route takes; a name is looked for in the account's fleet, then by search. */
export async function vesselKeyOf(api: ApiCaller, given: string): Promise<string> {
  if (isUuid(given)) return given;
  const imo = IMO.exec(given.replace(/\s+/g, " "));
  if (imo) return imo[1]!;
  const name = nameKey(given);
  const partial: NamedVessel[] = [];
  for (let page = 1; page <= FLEET_PAGES_SEARCHED; page++) {
    const fleet = await api.request("/v2/vessels", {
      schema: fleetDocumentSchema,
      query: { "page[number]": page, "page[size]": FLEET_PAGE_SIZE_MAX },
    });
    for (const vessel of fleet.data) {
      const its = nameKey(vessel.attributes.name);
      if (its === name) return vessel.id;
      if (its.includes(name))
        partial.push({
          id: vessel.id,
          name: vessel.attributes.name,
          imo: vessel.attributes.imo,
        });
    }
    if (!fleet.links.next) break;
  }
  // Not sailing for the account now: search also knows the vessels that carried its containers before (a finished
  // voyage, a first leg), which the vessel route finds too. Its matches include the fleet's partial ones.
  const found = await searchedVessels(api, given);
  const candidates = found.length > 0 ? found : partial;
  const exact = candidates.filter((v) => nameKey(v.name) === name);
  const chosen = exact.length > 0 ? exact : candidates;
  if (chosen.length === 1) return chosen[0]!.id;
  if (chosen.length > 1) {
    throw new ApiCallError(
      400,
      `Several vessels that carry or carried this account's containers match '${given}': ${chosen
        .map(vesselWords)
        .join(", ")}. Ask which one is meant, and give its IMO number.`,
    );
  }
  throw new ApiCallError(404, `No vessel named '${given}' carries or carried this account's containers.`);
}

/** The vessels GET /v2/search finds by the name, best first; none when the name is too short or long to search. */
async function searchedVessels(api: ApiCaller, given: string): Promise<NamedVessel[]> {
  const query = given.trim();
  if (query.length < SEARCH_QUERY_MIN || query.length > SEARCH_QUERY_MAX) return [];
  const results = await api.request("/v2/search", {
    schema: searchDocumentSchema,
    query: { query },
  });
  return results.data
    .filter((r) => r.type === "vessel")
    .map((r) => ({
      id: r.id,
      // The contract names a vessel in `name` and gives its IMO as `number` (its MMSI when it has none).
      name: r.attributes.name ?? r.attributes.number,
      imo: IMO.test(r.attributes.number) ? r.attributes.number : null,
    }));
}
