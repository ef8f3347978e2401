// How long a search term must be to be looked for as part of a value (a number, a port's or a vessel's name): one
// rule for the service's searches and the dashboard's words when a shorter one finds nothing.

/** Characters a term needs before it matches part of a value; a shorter one matches a whole tag or customer name. */
export const SUBSTRING_MIN = 3;

/** Whether a term is too short to match part of a value. */
export function isShortSearchTerm(q: string): boolean {
  return [...q.trim()].length < SUBSTRING_MIN;
}
