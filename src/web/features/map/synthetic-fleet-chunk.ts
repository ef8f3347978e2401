// Where the made-up fleet for measurements comes from: its own chunk, fetched by the route's loader as the
// account's fleet is, and only in development or in a build made to measure.

/**
 * The made-up fleet, in development or in a build made to measure; in any other build nothing (the condition is
 * folded where the import is, so that the chunk is not even built).
 */
export function loadSyntheticFleet(): Promise<typeof import("./synthetic-fleet") | undefined> {
  return import.meta.env.DEV || import.meta.env.VITE_MAP_SYNTHETIC === "1"
    ? import("./synthetic-fleet")
    : Promise.resolve(undefined);
}
