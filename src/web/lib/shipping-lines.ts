// The shipping lines the API supports, as the one query every form that picks a line reads (the tracking request
// form and list, bulk tracking, carrier connections): one unpaged list that rarely changes, fetched once for all.
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { type ShippingLine, shippingLineSchema } from "../../api/reference";
import { apiRequest } from "./api-client";

const shippingLinesDocument = z.object({ data: z.array(shippingLineSchema) });

/** Every shipping line, in the API's order. */
export function shippingLinesQuery() {
  return queryOptions({
    queryKey: ["shipping-lines"] as const,
    queryFn: ({ signal }) => apiRequest("/v2/shipping_lines", { schema: shippingLinesDocument, signal }),
    staleTime: 60 * 60_000,
    select: (document) => document.data,
  });
}

/** The lines sorted by name, for a list a person reads down. */
export function byName(lines: readonly ShippingLine[]): ShippingLine[] {
  return [...lines].sort((a, b) => a.attributes.name.localeCompare(b.attributes.name));
}
