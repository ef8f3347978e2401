// The URL state of the Customers page: part of a name to look for, the page and its size; each bad value falls back
// to its default, so that any bookmark opens.
import { z } from "zod";

export const PAGE_SIZES = [25, 50, 100] as const;

export const CUSTOMERS_SEARCH_DEFAULTS = { name: "", page: 1, size: 50 } as const;

export const customersSearchSchema = z.object({
  name: z.string().trim().max(200).default("").catch(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(50)
    .catch(50),
});
export type CustomersSearch = z.infer<typeof customersSearchSchema>;

/** The parties list request of a page of the Customers page. */
export const partiesViewOf = (search: CustomersSearch) => ({
  name: search.name || undefined,
  page: search.page,
  size: search.size,
});
