// Webhook events as the form offers them: the seed's groups, each with a select-all state, plus the events a
// webhook has that this dashboard does not know (a newer server's), kept so that saving never drops them.
import { WEBHOOK_EVENT_GROUPS } from "../../../api/webhook-events";

export interface EventGroup {
  id: string;
  name: string;
  events: readonly { name: string; description: string }[];
}

export const EVENT_GROUPS: readonly EventGroup[] = WEBHOOK_EVENT_GROUPS.map((group) => ({
  id: group.id,
  name: group.name,
  events: group.events.map(([name, description]) => ({ name, description })),
}));

const ORDER = new Map(EVENT_GROUPS.flatMap((g) => g.events).map((e, index) => [e.name, index]));
export const KNOWN_EVENT_COUNT = ORDER.size;

/** Whether a group's select-all box is checked, cleared, or in between (some of its events chosen). */
export type GroupState = "all" | "some" | "none";

export function groupState(group: EventGroup, selected: ReadonlySet<string>): GroupState {
  const chosen = group.events.filter((e) => selected.has(e.name)).length;
  return chosen === 0 ? "none" : chosen === group.events.length ? "all" : "some";
}

/** The selection with every event of the group chosen (`on`) or none of them. */
export function setGroup(selected: ReadonlySet<string>, group: EventGroup, on: boolean): Set<string> {
  const next = new Set(selected);
  for (const e of group.events) {
    if (on) next.add(e.name);
    else next.delete(e.name);
  }
  return next;
}

export function setEvent(selected: ReadonlySet<string>, name: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(name);
  else next.delete(name);
  return next;
}

/** Every event of the table, plus the unknown ones already chosen (they stay). */
export function selectAll(selected: ReadonlySet<string>): Set<string> {
  return new Set([...ORDER.keys(), ...unknownEvents(selected)]);
}

/** Chosen events that the seed's table does not list, in the order they were given. */
export function unknownEvents(events: Iterable<string>): string[] {
  return [...events].filter((name) => !ORDER.has(name));
}

/** The chosen events as sent to the API: in the table's order, unknown ones last. */
export function orderedEvents(selected: ReadonlySet<string>): string[] {
  const known = [...selected].filter((name) => ORDER.has(name));
  known.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
  return [...known, ...unknownEvents(selected)];
}

export interface GroupCount {
  name: string;
  chosen: number;
  total: number;
}

/**
 * What a webhook listens to, for the list: "All events" when it has every event of the table; otherwise each
 * group with any chosen event ("Vessel", or "Container 2 of 5" when only part of it), then unknown events.
 */
export function eventsSummary(events: readonly string[]): {
  all: boolean;
  groups: GroupCount[];
  other: string[];
} {
  const selected = new Set(events);
  const groups: GroupCount[] = [];
  for (const group of EVENT_GROUPS) {
    const chosen = group.events.filter((e) => selected.has(e.name)).length;
    if (chosen > 0) groups.push({ name: group.name, chosen, total: group.events.length });
  }
  const other = unknownEvents(selected);
  const all = groups.length === EVENT_GROUPS.length && groups.every((g) => g.chosen === g.total);
  return { all, groups, other };
}

/** "Vessel", "Container (2 of 5)". */
export function groupCountWords(group: GroupCount): string {
  return group.chosen === group.total ? group.name : `${group.name} (${group.chosen} of ${group.total})`;
}
