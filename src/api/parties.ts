// Parties of the /v2 contract (`GET/POST /v2/parties`, `GET/PATCH /v2/parties/{id}`), shaped as the hosted API has
// them: the companies an account ships for. A forwarder groups and filters shipments by customer, so a shipment has
// a `customer` relationship to a party (`{data: {type: "party", id}}` or `{data: null}`), and its `customer_name`
// attribute is always that party's `company_name` (null without one):
// - `PATCH /v2/shipments/{id}` with `relationships.customer.data` sets or clears the party;
// - `PATCH /v2/shipments/{id}` with `attributes.customer_name` (as before) links the account's party of that name,
//   compared case-insensitively and creating it when there is none; null clears it;
// - renaming a party renames it on every shipment it is the customer of.
// A company name is unique in its account (case-insensitive): a second one is a 422 at
// `/data/attributes/company_name`, as the hosted API answers.
import { z } from "zod";
import { isoDateTime } from "./json-api";

export const COMPANY_NAME_MAX = 200;

export const partySchema = z
  .object({
    id: z.string(),
    type: z.literal("party"),
    attributes: z.object({
      company_name: z.string(),
      /** Beyond the hosted API: how many of the account's shipments have this party as their customer. */
      shipments_count: z.number().int(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "Party" });
export type Party = z.infer<typeof partySchema>;

export const companyNameSchema = z
  .string({ error: "company_name must be a string" })
  .trim()
  .min(1, { error: "Company name can't be blank" })
  .max(COMPANY_NAME_MAX, { error: `Company name can be at most ${COMPANY_NAME_MAX} characters` });

/** The body of `POST /v2/parties` and `PATCH /v2/parties/{id}`; `type`, when given, must be `party`. */
export const partyBodySchema = z
  .object({
    data: z.object({
      type: z.literal("party").optional(),
      attributes: z.object({ company_name: companyNameSchema }),
    }),
  })
  .meta({ id: "PartyBody" });
export type PartyBody = z.infer<typeof partyBodySchema>;

/** `GET /v2/parties` sorts by company name; `filter[company_name]` matches a part of it, case-insensitively. */
export const PARTY_LIST_FILTERS = { company_name: "company_name" } as const;
