// The containers list's URL state (page, size, number search): parsed leniently so any bookmark opens.
import { z } from "zod";

export const CONTAINERS_SEARCH_DEFAULTS = { page: 1, size: 25, q: "" } as const;

export const containersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n))
    .default(25)
    .catch(25),
  q: z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().max(50))
    .default("")
    .catch(""),
});
export type ContainersSearch = z.infer<typeof containersSearchSchema>;
