// The carrier connection documents the dashboard reads, built from the /v2 contract (src/api/carrier-connections.ts).
import { z } from "zod";
import {
  type CarrierConnection,
  type CarrierConnectionTest,
  carrierConnectionSchema,
  carrierConnectionTestSchema,
} from "../../../api/carrier-connections";
import { singleDocument } from "../../../api/json-api";

export type { CarrierConnection, CarrierConnectionTest };

// An account has at most one connection per shipping line, so the list is one page: its `links` and `meta` are not
// read (nor required).
export const connectionListDocument = z.object({ data: z.array(carrierConnectionSchema) });
export const connectionDocument = singleDocument(carrierConnectionSchema);
export const connectionTestDocument = z.object({ data: carrierConnectionTestSchema });
/** A delete answers `{meta: {deleted: true}}` like the webhooks, or 204 with no body: either is fine. */
export const deletedDocument = z.unknown();
