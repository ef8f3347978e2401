// Deterministic UUIDs from a name: reference rows and demo data keep the same ids on every machine and restart.
import { createHash } from "node:crypto";

/** A UUID (version 8, "custom") derived from SHA-256 of the namespace and key. */
export function stableUuid(namespace: string, key: string): string {
  const hex = createHash("sha256").update(`${namespace}\u0000${key}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
