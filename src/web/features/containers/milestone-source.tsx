// Under each date of the timeline, who reported it and when we recorded it ("From Maersk · received 27 Nov
// 18:02"): a terminal's report, the line's own line and the line's estimate weigh differently, and news that came
// days late says something about the line.
import { createContext, useContext } from "react";
import { dateSourceWords } from "../../../api/date-sources";
import type { Milestone } from "../../../api/timeline-merge";
import { DateTime } from "../../components/date-time";

/** The container's shipping line's short name, for "From Maersk"; null when its shipment is not known. */
export const TimelineLineName = createContext<string | null>(null);

export function MilestoneSource({ milestone: m }: { milestone: Milestone }) {
  const line = useContext(TimelineLineName);
  const planned = m.state === "planned";
  return (
    <span className="block text-xs whitespace-normal text-(--muted-text)">
      {dateSourceWords(m.source, { line, terminal: m.terminal }, planned)}
      {" · "}
      {planned ? "as of" : "received"} <DateTime iso={m.recordedAt} timeZone={m.place?.timeZone ?? null} />
    </span>
  );
}
