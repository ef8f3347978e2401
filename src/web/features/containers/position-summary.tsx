// Where the container is now, in one sentence: "On the water between Busan and Long Beach aboard …, ETA …".
// While a hold is on (ActiveHoldsContext, given by the container page) it never says the box is available.

import { createContext, type ReactNode, useContext } from "react";
import { milestoneWords } from "../../../api/milestone-words";
import type { Milestone } from "../../../api/timeline-merge";
import { DateTime } from "../../components/date-time";
import { heldWords, nextWhileHeld, silencedByHolds } from "./hold-words";
import { placeWords } from "./milestone-words";
import type { Position } from "./timeline-legs";

function When({ milestone, prefix }: { milestone: Milestone; prefix: string }) {
  if (!milestone.at) return null;
  return (
    <>
      {prefix} <DateTime iso={milestone.at} timeZone={milestone.place?.timeZone ?? null} />
    </>
  );
}

/** The names of the holds on the container now; none outside a container page. */
export const ActiveHoldsContext = createContext<readonly string[]>([]);

/** "Next: vessel arrived at Los Angeles, estimated 25 Nov 00:00 PST." */
function Next({ next }: { next: Milestone | null }) {
  const holds = useContext(ActiveHoldsContext);
  if (!next) return null;
  if (silencedByHolds(next, holds)) {
    return (
      <span className="mt-1 block text-sm font-normal text-slate-700 dark:text-slate-300">
        {nextWhileHeld(holds)}
      </span>
    );
  }
  return (
    <span className="mt-1 block text-sm font-normal text-slate-700 dark:text-slate-300">
      Next: {milestoneWords(next.name).toLowerCase()}
      {next.place ? ` at ${placeWords(next.place)}` : ""}
      {next.at ? (
        <>
          , <When milestone={next} prefix="estimated" />
        </>
      ) : null}
      .
    </span>
  );
}

const MOVING_WORDS = { vessel: "On the water", rail: "On rail", road: "On the road" } as const;

export function PositionSentence({ position }: { position: Position }): ReactNode {
  const holds = useContext(ActiveHoldsContext);
  switch (position.kind) {
    case "not_started":
      return (
        <>
          Not on its way yet: nothing has happened to this container so far.
          <Next next={position.next} />
        </>
      );
    case "moving": {
      const { move } = position;
      const arrival = move.arrival && move.arrival.state === "planned" ? move.arrival : null;
      return (
        <>
          {MOVING_WORDS[move.mode]}
          {move.to
            ? ` between ${placeWords(move.from)} and ${placeWords(move.to)}`
            : ` from ${placeWords(move.from)}`}
          {move.vessel ? ` aboard ${move.vessel.name}` : ""}
          {move.voyage ? ` (voyage ${move.voyage})` : ""}
          {arrival?.at ? (
            <>
              , <When milestone={arrival} prefix="ETA" />
            </>
          ) : null}
          .
          <span className="mt-1 block text-sm font-normal text-slate-700 dark:text-slate-300">
            <When milestone={position.last} prefix={`${milestoneWords(position.last.name)}`} />.
          </span>
        </>
      );
    }
    case "at_place":
      if (silencedByHolds(position.last, holds)) {
        return (
          <>
            At {placeWords(position.place)}: {heldWords(holds)}.
            <Next next={position.next} />
          </>
        );
      }
      return (
        <>
          At {placeWords(position.place)}: {milestoneWords(position.last.name).toLowerCase()}
          {position.last.at ? (
            <>
              {" "}
              <When milestone={position.last} prefix="on" />
            </>
          ) : null}
          .
          <Next next={position.next} />
        </>
      );
    case "picked_up":
      return (
        <>
          Picked up at {placeWords(position.place)}
          {position.last.at ? (
            <>
              {" "}
              <When milestone={position.last} prefix="on" />
            </>
          ) : null}
          ; the empty container has not been returned yet.
          <Next next={position.next} />
        </>
      );
    case "returned":
      return (
        <>
          Journey complete: returned empty at {placeWords(position.place)}
          {position.last.at ? (
            <>
              {" "}
              <When milestone={position.last} prefix="on" />
            </>
          ) : null}
          .
        </>
      );
  }
}
