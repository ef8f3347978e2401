// The JSON pointers of the /v2 contract's errors (`source.pointer`): how the service names the part of a request
// body an error is about, and how the dashboard finds the attribute (and the list item) a pointer names, to show
// the error beside its field. Plain functions without zod, for both programs.

const ATTRIBUTES = "/data/attributes/";

// RFC 6901: a name that holds `~` or `/` is written with `~0` and `~1`, so that it stays one step of the path.
const escapeSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");
const unescapeSegment = (segment: string) => segment.replaceAll("~1", "/").replaceAll("~0", "~");

/** `["data", "attributes", "headers", 1, "name"]` → `/data/attributes/headers/1/name`. */
export function pointerTo(path: readonly PropertyKey[]): string {
  return `/${path.map((segment) => escapeSegment(String(segment))).join("/")}`;
}

/** `attributePointer("ref_numbers", 2)` → `/data/attributes/ref_numbers/2`: a member of a body's attributes. */
export function attributePointer(attribute: string, ...below: readonly PropertyKey[]): string {
  return pointerTo(["data", "attributes", attribute, ...below]);
}

/** An attribute a pointer names, and the path below it (`headers`, ["1", "name"]). */
export interface AttributeAt {
  attribute: string;
  below: string[];
}

/**
 * `/data/attributes/headers/1/name` → {attribute: "headers", below: ["1", "name"]}; null for a pointer that names
 * no attribute (`/data/type`, `/data/attributes`) and for an error without a pointer.
 */
export function attributeAt(pointer: string | null | undefined): AttributeAt | null {
  if (!pointer?.startsWith(ATTRIBUTES)) return null;
  const [attribute, ...below] = pointer.slice(ATTRIBUTES.length).split("/").map(unescapeSegment);
  return attribute ? { attribute, below } : null;
}

/** The list item a path below an attribute is at or inside: ["2"] → 2, ["1", "name"] → 1, ["name"] → null. */
export function itemIndex(below: readonly string[]): number | null {
  const first = below[0];
  return first !== undefined && /^\d+$/.test(first) ? Number(first) : null;
}
