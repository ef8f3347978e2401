// An end-to-end test account's containers as the API has them now: what the specs that move an account's sandbox
// world (live updates, refresh) compare the dashboard with.
import type { APIRequestContext } from "@playwright/test";
import type { ContainerStatus } from "../src/api/containers";
import { type Account, apiGet } from "./fixtures";

export interface Box {
  id: string;
  number: string;
  status: ContainerStatus;
  shipmentId: string;
}

/** The account's containers (its test accounts hold a few shipments: one page). */
export async function boxes(request: APIRequestContext, account: Account): Promise<Box[]> {
  const document = await apiGet(request, account, "/v2/containers?page[size]=100");
  // biome-ignore lint/suspicious/noExplicitAny: a JSON:API document read loosely, as fixtures.ts reads them.
  return document.data.map((c: any) => ({
    id: c.id,
    number: c.attributes.number,
    status: c.attributes.current_status,
    shipmentId: c.relationships.shipment.data.id,
  }));
}

/** One container's status (one small read). */
export async function statusNow(
  request: APIRequestContext,
  account: Account,
  id: string,
): Promise<ContainerStatus> {
  return (await apiGet(request, account, `/v2/containers/${id}`)).data.attributes.current_status;
}
