// Resource ids of the /v2 contract: UUIDs, in any letter case, as the service and the hosted API write them.
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a UUID (surrounding spaces are not part of it). */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value);
}
