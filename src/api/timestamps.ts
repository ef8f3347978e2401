// How the /v2 contract writes a point in time: ISO 8601 in UTC with milliseconds, or null when it is not known.
// Zod-free, so that every layer of the service (and the dashboard) can import it.

/** A stored time as the API writes it (ISO 8601, UTC), or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
