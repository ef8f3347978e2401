// The results global search shows while someone types: the term settles for a moment before the API is asked
// (each request aborted when a newer term supersedes it), and the previous term's results stay on screen until
// every answer for the new one is in, so that the list never flickers through half-answered states.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { describeError } from "../../lib/api-client";
import {
  containerMatchesQuery,
  LOCAL_TERM_MIN,
  looksLikeLocode,
  portByCodeQuery,
  SERVER_TERM_MIN,
  searchFleetQuery,
  shipmentMatchesQuery,
} from "./queries";
import { type PortEntry, type SearchGroup, searchGroups } from "./results";

/** Long enough to skip the keystrokes of a number typed in one go, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 200;

function useSettledValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface GlobalSearchState {
  /** The term the shown groups are for. */
  term: string;
  groups: SearchGroup[];
  /** A newer term is being searched. */
  busy: boolean;
  /** Sentences for the sources that failed (the others' results are still shown). */
  errors: string[];
  /** The term is too short to search yet. */
  tooShort: boolean;
}

export function useGlobalSearch(typed: string, open: boolean): GlobalSearchState {
  const term = typed.trim();
  const settled = useSettledValue(term, SEARCH_DEBOUNCE_MS);
  const serverOn = open && settled.length >= SERVER_TERM_MIN;
  const codeOn = open && looksLikeLocode(settled);

  const shipments = useQuery({ ...shipmentMatchesQuery(settled), enabled: serverOn });
  const containers = useQuery({ ...containerMatchesQuery(settled), enabled: serverOn });
  // Loaded as the box opens: by the time a name is typed, vessels and their ports are searched at once.
  const fleet = useQuery({ ...searchFleetQuery(), enabled: open });
  const port = useQuery({ ...portByCodeQuery(settled), enabled: codeOn });

  const waiting =
    term !== settled ||
    (serverOn && (shipments.isPending || containers.isPending)) ||
    (codeOn && port.isPending);

  const groups = useMemo(() => {
    if (settled.length < LOCAL_TERM_MIN) return [];
    const ports: PortEntry[] = [...(fleet.data?.ports ?? [])];
    if (codeOn && port.data) ports.push(port.data);
    return searchGroups(
      {
        shipments: serverOn ? (shipments.data?.data ?? []) : [],
        containers: serverOn ? (containers.data?.data ?? []) : [],
        fleet: fleet.data?.vessels ?? [],
        ports,
      },
      settled,
    );
  }, [settled, serverOn, codeOn, shipments.data, containers.data, fleet.data, port.data]);

  // The last complete answer, shown while a newer term is searched.
  const shown = useRef<{ term: string; groups: SearchGroup[] }>({ term: "", groups: [] });
  if (!waiting) shown.current = { term: settled, groups };

  const errors = [
    serverOn && shipments.error ? `Shipments: ${describeError(shipments.error)}` : null,
    serverOn && containers.error ? `Containers: ${describeError(containers.error)}` : null,
    open && fleet.error ? `Vessels: ${describeError(fleet.error)}` : null,
    codeOn && port.error ? `Ports: ${describeError(port.error)}` : null,
  ].filter((e): e is string => e !== null);

  return {
    term: shown.current.term,
    groups: term.length < LOCAL_TERM_MIN ? [] : shown.current.groups,
    busy: waiting && term.length >= LOCAL_TERM_MIN,
    errors,
    tooShort: term.length < LOCAL_TERM_MIN,
  };
}
