// What a notification is about, for its page: the container, shipment and tracking request among the
// resources it delivered, to link to their own pages. Read leniently: any server's resources will do.
import { z } from "zod";

const container = z.object({
  id: z.string(),
  type: z.literal("container"),
  attributes: z.object({ number: z.string().nullish() }).optional(),
});
const shipment = z.object({
  id: z.string(),
  type: z.literal("shipment"),
  attributes: z.object({ bill_of_lading_number: z.string().nullish() }).optional(),
});
const trackingRequest = z.object({
  id: z.string(),
  type: z.literal("tracking_request"),
  attributes: z.object({ request_number: z.string().nullish() }).optional(),
});

export type SubjectLink =
  | { kind: "container"; id: string; label: string }
  | { kind: "shipment"; id: string; label: string }
  | { kind: "tracking_request"; id: string; label: string };

/** The first container, shipment and tracking request delivered, in that order. */
export function subjectLinks(included: readonly unknown[] | undefined): SubjectLink[] {
  const links: SubjectLink[] = [];
  const find = <S extends z.ZodType>(schema: S) =>
    (included ?? []).map((r) => schema.safeParse(r)).find((r) => r.success)?.data as z.output<S> | undefined;
  const c = find(container);
  if (c) links.push({ kind: "container", id: c.id, label: `Container ${c.attributes?.number ?? c.id}` });
  const s = find(shipment);
  if (s) {
    const number = s.attributes?.bill_of_lading_number;
    links.push({ kind: "shipment", id: s.id, label: number ? `Shipment ${number}` : "Shipment" });
  }
  const t = find(trackingRequest);
  if (t) {
    const number = t.attributes?.request_number;
    links.push({ kind: "tracking_request", id: t.id, label: `Tracking request ${number ?? t.id}` });
  }
  return links;
}
