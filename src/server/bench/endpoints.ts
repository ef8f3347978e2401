// What the HTTP benchmark asks the service, with ids and numbers taken from the account itself through the API: lists
// (first and deep pages), single resources, searches by exact and partial numbers, and stop/resume tracking.
export interface Endpoint {
  name: string;
  method: "GET" | "PATCH";
  /** The path of every request (GET), or of the first (PATCH, whose paths vary). */
  path: string;
  nextPath?: () => string;
  /** A bare server replaying one answer is a fair yardstick only for reads. */
  compare: boolean;
}

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data?: { id: string; type: string }[] | { id: string; type: string } | null }
  >;
}

interface ListDocument {
  data: Resource[];
  included?: Resource[];
  meta: { total: number };
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly key: string,
  ) {}

  get headers(): Record<string, string> {
    return { authorization: `Token ${this.key}` };
  }

  async get(path: string): Promise<ListDocument> {
    const response = await fetch(`${this.baseUrl}${path}`, { headers: this.headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as ListDocument;
  }

  async patch(path: string): Promise<number> {
    const response = await fetch(`${this.baseUrl}${path}`, { method: "PATCH", headers: this.headers });
    await response.arrayBuffer();
    return response.status;
  }
}

export interface EndpointPlan {
  endpoints: Endpoint[];
  shipmentsTotal: number;
  containersTotal: number;
  /** Resumes tracking of the shipments the stop/resume endpoint worked on, as they were before. */
  restore(): Promise<void>;
}

const SHIPMENT_PAGE_SIZE = 30;
/** The shipments the stop/resume endpoint takes turns on. */
const PATCH_POOL = 200;

/**
 * Picks the samples and builds the endpoint list. Deep pages are page 3,000 of shipments and page 1,000 of
 * containers by 100 (both exist in a 100,000-shipment account), or the last page of a smaller one.
 */
export async function planEndpoints(api: ApiClient): Promise<EndpointPlan> {
  const sample = await api.get("/v2/shipments?page[size]=100&page[number]=2&include=containers");
  const containersPage = await api.get("/v2/containers?page[size]=1");
  const shipmentsTotal = sample.meta.total;
  const containersTotal = containersPage.meta.total;
  const withRef =
    sample.data.find((s) => (s.attributes.ref_numbers as string[]).length > 0) ?? sample.data[0];
  const withBoxes = sample.data.find((s) => containerIdsOf(s).length > 0);
  if (!withRef || !withBoxes) throw new Error("the account needs shipments with containers: seed it first");
  const containerId = containerIdsOf(withBoxes)[0]!;
  const container = sample.included?.find((r) => r.type === "container" && r.id === containerId);
  const containerNumber = String(container?.attributes.number ?? "");
  const ref = (withRef.attributes.ref_numbers as string[])[0] ?? "";
  const bill = String(withBoxes.attributes.bill_of_lading_number);
  // Part of the number a user remembers: six characters from its digits, not the line's prefix.
  const billPart = bill.slice(-8, -2);

  const shipmentsDeep = Math.min(3000, Math.max(1, Math.ceil(shipmentsTotal / SHIPMENT_PAGE_SIZE)));
  const containersDeep = Math.min(1000, Math.max(1, Math.ceil(containersTotal / 100)));
  const get = (name: string, path: string): Endpoint => ({ name, method: "GET", path, compare: true });
  const q = encodeURIComponent;
  const endpoints: Endpoint[] = [
    get("shipments, page 1", "/v2/shipments"),
    get(`shipments, page ${shipmentsDeep}`, `/v2/shipments?page[number]=${shipmentsDeep}`),
    get("containers by 100, page 1", "/v2/containers?page[size]=100"),
    get(
      `containers by 100, page ${containersDeep}`,
      `/v2/containers?page[number]=${containersDeep}&page[size]=100`,
    ),
    get("shipment + containers, port", `/v2/shipments/${withBoxes.id}?include=containers,port_of_discharge`),
    get("container", `/v2/containers/${containerId}`),
    get("tracking requests", "/v2/tracking_requests"),
    get("webhook notifications", "/v2/webhook_notifications"),
    get("search: container number", `/v2/shipments?q=${q(containerNumber)}`),
    get("search: ref number", `/v2/shipments?q=${q(ref)}`),
    get("search: bill of lading", `/v2/shipments?q=${q(bill)}`),
    get("search: 6 chars of a BL", `/v2/shipments?q=${q(billPart)}`),
    get("containers?q=number", `/v2/containers?q=${q(containerNumber)}`),
    get("vessels", "/v2/vessels"),
    // Triage: sorted and filtered lists, to compare with the unfiltered first pages above.
    get("containers, page 1 (30)", "/v2/containers"),
    get(
      "containers: lfd within 2 days by lfd",
      "/v2/containers?sort=last_free_day_at&filter[lfd]=within_2_days",
    ),
    get("containers: USSAV by -ETA", "/v2/containers?sort=-pod_eta_at&filter[port_of_discharge]=USSAV"),
    get("containers: on hold by lfd", "/v2/containers?filter[on_hold]=true&sort=last_free_day_at"),
    get("shipments: MAEU by ETA", "/v2/shipments?sort=pod_eta_at&filter[shipping_line]=MAEU"),
    get("shipments: q=port name", "/v2/shipments?q=Savannah"),
    // A one-letter term: part of nearly everything, it finds only a whole tag or customer name (db/search-places.ts).
    get("shipments: q=one letter", "/v2/shipments?q=a"),
    get("containers: q=one letter", "/v2/containers?q=a"),
    // What arrives next, and where things are (the lists' quick filters and the ETA header's sort).
    get("shipments by next arrival", "/v2/shipments?sort=next_arrival"),
    get(
      "shipments: arriving in 7 days by next arrival",
      "/v2/shipments?filter[arriving_within_days]=7&sort=next_arrival",
    ),
    get("shipments: at port", "/v2/shipments?filter[phase]=at_port"),
    get("containers: at port", "/v2/containers?filter[phase]=at_port"),
    get("containers: on rail or at rail ramp", "/v2/containers?filter[phase]=on_rail,at_rail_ramp"),
    get("containers: arriving in 7 days", "/v2/containers?filter[arriving_within_days]=7"),
    get("containers summary", "/v2/containers/summary"),
    // Free time: the charges sort and the money-at-risk and overdue-empty filters (db/free-time.ts).
    get("containers by charges", "/v2/containers?sort=-charges"),
    get("containers: money at risk", "/v2/containers?filter[charges]=at_risk"),
    get("containers: empty return passed", "/v2/containers?filter[detention]=passed"),
  ];

  // Custom fields (issue 31): the list filtered by a Shipment field's value, when the account has fields (the
  // scale account has none unless given some), to compare with shipments page 1.
  const fields = (await api.get("/v2/custom_field_definitions?filter[entity_type]=Shipment")).data;
  for (const field of fields.filter((f) =>
    ["short_text", "number"].includes(String(f.attributes.data_type)),
  )) {
    const slug = String(field.attributes.api_slug);
    const [value] = (await api.get(`/v2/custom_fields?filter[definition_id]=${field.id}&page[size]=1`)).data;
    if (value)
      endpoints.push(
        get(
          `shipments: custom field ${slug}`,
          `/v2/shipments?filter[custom_fields.${slug}]=${q(String(value.attributes.value))}`,
        ),
      );
  }

  const tracked = [
    ...(await api.get(`/v2/shipments?filter[tracking_stopped]=false&page[size]=100`)).data,
    ...(await api.get(`/v2/shipments?filter[tracking_stopped]=false&page[size]=100&page[number]=2`)).data,
  ]
    .map((s) => s.id)
    .slice(0, PATCH_POOL);
  if (tracked.length > 0) {
    // Stop a shipment, resume it, then the next of the pool, round and round: every request changes a row, and
    // the rows changed are spread over the pool rather than one hot row.
    let turn = 0;
    const nextPath = () => {
      const i = turn++;
      const id = tracked[Math.floor(i / 2) % tracked.length];
      return `/v2/shipments/${id}/${i % 2 === 0 ? "stop_tracking" : "resume_tracking"}`;
    };
    endpoints.push({
      name: "PATCH stop/resume tracking",
      method: "PATCH",
      path: `/v2/shipments/${tracked[0]}/stop_tracking`,
      nextPath,
      compare: false,
    });
  }
  return {
    endpoints,
    shipmentsTotal,
    containersTotal,
    async restore() {
      for (const id of tracked) await api.patch(`/v2/shipments/${id}/resume_tracking`);
    },
  };
}

function containerIdsOf(shipment: Resource): string[] {
  const data = shipment.relationships?.containers?.data;
  return Array.isArray(data) ? data.map((r) => r.id) : [];
}
