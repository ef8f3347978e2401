// What every JSON:API serializer of the /v2 contract shares: any resource as `included` holds it, and a to-one
// relationship.
import type { z } from "zod";
import type { anyResourceSchema } from "../../api/json-api";

/** Any resource of the /v2 contract, as `included` holds them. */
export type Resource = z.infer<typeof anyResourceSchema>;

/** A to-one relationship: the related resource's identifier, or null when there is none. */
export const ref = <T extends string>(type: T, id: string | null | undefined) => ({
  data: id ? { id, type } : null,
});
