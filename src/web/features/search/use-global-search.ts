// The results global search shows while someone types: the term settles for a moment before the API is asked
// (the request aborted when a newer term supersedes it), and the previous term's results stay on screen until the
// answer for the new one is in, so that the list never flickers through half-answered states.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { SEARCH_QUERY_MIN } from "../../../api/search";
import { describeError } from "../../lib/api-client";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { searchQuery } from "./queries";
import { type SearchGroup, searchGroups } from "./results";

/** Long enough to skip the keystrokes of a number typed in one go, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 200;

export interface GlobalSearchState {
  /** The term the shown groups are for. */
  term: string;
  groups: SearchGroup[];
  /** A newer term is being searched. */
  busy: boolean;
  /** A sentence saying why the search failed, if it did. */
  error: string | null;
  /** The term is too short to search yet. */
  tooShort: boolean;
}

/** Used only while the search dialog is open (its panel is not there otherwise). */
export function useGlobalSearch(typed: string): GlobalSearchState {
  const term = typed.trim();
  const settled = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const on = settled.length >= SEARCH_QUERY_MIN;
  const search = useQuery({ ...searchQuery(settled), enabled: on });

  const waiting = term !== settled || (on && search.isPending);
  const groups = useMemo(
    () => (on && search.data ? searchGroups(search.data, settled) : []),
    [on, search.data, settled],
  );

  // The last complete answer, shown while a newer term is searched.
  const shown = useRef<{ term: string; groups: SearchGroup[] }>({ term: "", groups: [] });
  if (!waiting) shown.current = { term: settled, groups };

  const tooShort = term.length < SEARCH_QUERY_MIN;
  return {
    term: shown.current.term,
    groups: tooShort ? [] : shown.current.groups,
    busy: waiting && !tooShort,
    error: on && search.error ? describeError(search.error) : null,
    tooShort,
  };
}
