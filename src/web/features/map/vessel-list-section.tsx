// The list part of the map page: its heading with the count, then the vessels once the map has drawn, or what to do
// when there are none (clear the filters, or track a shipment).
import { Link } from "@tanstack/react-router";
import { buttonClass } from "../../components/button";
import { formatCount } from "../../lib/format";
import type { FleetVesselView } from "./fleet";
import { VesselList } from "./vessel-list";

export function VesselListSection({
  vessels,
  filtering,
  onClearFilters,
  shown,
  selectedId,
  onChoose,
  revealId,
}: {
  /** The vessels the filters leave, in the list's order. */
  vessels: FleetVesselView[];
  filtering: boolean;
  onClearFilters(): void;
  /** False while the map draws first: until then the list says it is coming. */
  shown: boolean;
  selectedId: string | null;
  onChoose(vessel: FleetVesselView): void;
  revealId: string | null;
}) {
  return (
    <section
      aria-labelledby="vessel-list-heading"
      className="flex max-h-[28rem] min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white lg:max-h-none dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="vessel-list-heading"
        className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-slate-100"
      >
        Vessels{" "}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          ({formatCount(vessels.length)})
        </span>
      </h2>
      {vessels.length === 0 ? (
        <div className="p-4 text-sm text-slate-600 dark:text-slate-400">
          {filtering ? (
            <>
              <p>No vessel matches these filters.</p>
              <button type="button" className={`${buttonClass("secondary")} mt-3`} onClick={onClearFilters}>
                Clear filters
              </button>
            </>
          ) : (
            <p>
              Vessels show here while they carry your containers. Track a shipment on the{" "}
              <Link to="/tracking-requests" className="text-sky-800 underline dark:text-sky-300">
                tracking requests
              </Link>{" "}
              page to see it sail.
            </p>
          )}
        </div>
      ) : shown ? (
        <VesselList vessels={vessels} selectedId={selectedId} onChoose={onChoose} revealId={revealId} />
      ) : (
        <p role="status" className="p-4 text-sm text-slate-600 dark:text-slate-400">
          Listing the vessels…
        </p>
      )}
    </section>
  );
}
