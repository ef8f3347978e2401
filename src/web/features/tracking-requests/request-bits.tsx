// Pieces of tracking request display shared by the list, the request page, the form and the bulk entry: the
// status badge, what came of a request (its shipment, why it failed and what to do, or that it is retrying), and
// the link to what already tracks a number.
import { Link } from "@tanstack/react-router";
import { z } from "zod";
import { findIncluded } from "../../../api/included";
import type { TrackedByAccount } from "../../../api/infer-number";
import type { ShippingLine } from "../../../api/reference";
import type { TrackingRequestStatus } from "../../../api/tracking-request-statuses";
import { type TrackingRequest, trackedShipmentId } from "./contract";
import { failedReasonWords, STATUS_EXPLANATIONS, statusWords } from "./words";

const BADGE_STYLE: Record<TrackingRequestStatus, { badge: string; dot: string }> = {
  pending: {
    badge: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
    dot: "bg-sky-500 animate-pulse",
  },
  awaiting_manifest: {
    badge: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
    dot: "bg-amber-500",
  },
  created: {
    badge: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
    dot: "bg-emerald-500",
  },
  failed: {
    badge: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
    dot: "bg-red-500",
  },
  tracking_stopped: {
    badge: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
    dot: "bg-slate-500 dark:bg-slate-400",
  },
};

export function StatusBadge({ status }: { status: TrackingRequestStatus }) {
  const style = BADGE_STYLE[status] ?? BADGE_STYLE.tracking_stopped;
  return (
    <span
      title={STATUS_EXPLANATIONS[status]}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${style.badge}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${style.dot}`} />
      {statusWords(status)}
    </span>
  );
}

/** Just what the list needs of an included shipment: lenient, so a fuller or older shipment still links. */
const includedShipmentSchema = z.object({
  id: z.string(),
  type: z.literal("shipment"),
  attributes: z.object({ bill_of_lading_number: z.string().nullish() }).optional(),
});

interface IncludedResource {
  id: string;
  type: string;
}

const linkClass = "font-medium text-sky-800 hover:underline dark:text-sky-300";

/** A link to the shipment a request became: "Shipment MAEU123456". */
/** Opens what already tracks a number: its shipment, or the request still waiting for the line. */
export function AlreadyTrackedLink({ tracked, className }: { tracked: TrackedByAccount; className: string }) {
  if (tracked.shipment_id) {
    return (
      <Link to="/shipments/$shipmentId" params={{ shipmentId: tracked.shipment_id }} className={className}>
        {tracked.bill_of_lading_number
          ? `Open shipment ${tracked.bill_of_lading_number}`
          : "Open the shipment"}
      </Link>
    );
  }
  if (tracked.tracking_request_id) {
    return (
      <Link
        to="/tracking-requests/$trackingRequestId"
        params={{ trackingRequestId: tracked.tracking_request_id }}
        className={className}
      >
        Open its tracking request
      </Link>
    );
  }
  return null;
}

export function ShipmentLink({
  shipmentId,
  included,
  children,
}: {
  shipmentId: string;
  included: readonly IncludedResource[] | undefined;
  children?: string;
}) {
  const shipment = findIncluded(included, { id: shipmentId, type: "shipment" }, includedShipmentSchema);
  const number = shipment?.attributes?.bill_of_lading_number;
  return (
    <Link to="/shipments/$shipmentId" params={{ shipmentId }} className={`${linkClass} whitespace-nowrap`}>
      {children ?? (
        <>
          Shipment{number ? <span className="font-mono"> {number}</span> : null}
          <span aria-hidden="true"> →</span>
        </>
      )}
    </Link>
  );
}

/** What came of a request, in words, with the next step as a link where there is one. */
export function RequestResult({
  request,
  included,
  detailed = false,
}: {
  request: TrackingRequest;
  included: readonly IncludedResource[] | undefined;
  /** Also say what to do (the request page); the list keeps it to the tooltip. */
  detailed?: boolean;
}) {
  const a = request.attributes;
  const shipmentId = trackedShipmentId(request);
  const muted = "text-slate-600 dark:text-slate-400";

  if (a.status === "failed") {
    const words = failedReasonWords(a.failed_reason ?? "");
    const duplicate = a.failed_reason === "duplicate";
    return (
      <div className={detailed ? "max-w-prose" : "max-w-80"}>
        <p className="font-medium text-red-800 dark:text-red-300" title={detailed ? undefined : words.help}>
          {a.failed_reason ? words.title : "Failed without a reason given"}
        </p>
        {detailed ? <p className={`mt-0.5 text-sm ${muted}`}>{words.help}</p> : null}
        {duplicate ? (
          <p className="mt-0.5 text-sm">
            {shipmentId ? (
              <ShipmentLink shipmentId={shipmentId} included={included}>
                Open the tracked shipment →
              </ShipmentLink>
            ) : (
              <Link to="/shipments" search={{ q: a.request_number }} className={linkClass}>
                Find it in shipments →
              </Link>
            )}
          </p>
        ) : null}
      </div>
    );
  }

  if (shipmentId && (a.status === "created" || a.status === "tracking_stopped")) {
    return <ShipmentLink shipmentId={shipmentId} included={included} />;
  }

  if (a.status === "awaiting_manifest") {
    return <p className={`max-w-80 text-sm ${muted}`}>Waiting for the line to publish the containers</p>;
  }

  if (a.status === "pending") {
    if (a.is_retrying || a.failed_reason) {
      const attempt = a.retry_count ? ` (attempt ${a.retry_count + 1})` : "";
      return (
        <div className="max-w-80 text-sm">
          <p className="font-medium text-amber-800 dark:text-amber-300">Retrying{attempt}</p>
          {a.failed_reason ? (
            <p className={muted}>Last try: {failedReasonWords(a.failed_reason).title}</p>
          ) : null}
        </div>
      );
    }
    return <p className={`text-sm ${muted}`}>Looking it up…</p>;
  }

  return <span className={muted}>No shipment</span>;
}

/** "Maersk" with the full name and SCAC in the tooltip; the bare SCAC when the line is unknown. */
export function ShippingLineName({
  scac,
  lines,
}: {
  scac: string | null;
  lines: ReadonlyMap<string, ShippingLine>;
}) {
  if (!scac) return <span className="text-slate-500 dark:text-slate-400">Being detected</span>;
  const line = lines.get(scac);
  if (!line) return <span className="font-mono">{scac}</span>;
  return (
    <span className="whitespace-nowrap">
      <span title={line.attributes.name}>{line.attributes.short_name}</span>{" "}
      <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{scac}</span>
    </span>
  );
}
