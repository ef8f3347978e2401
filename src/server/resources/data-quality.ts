// A shipping line's data quality as the API gives it (src/api/data-quality.ts).
import { type CarrierDataQuality, ETA_ERROR_DAYS_OUT, EXPECTED_MILESTONES } from "../../api/data-quality";
import type { LineQuality } from "../db/data-quality";

/** Two decimals: a share or a number of days is read, not computed on. */
const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export function carrierDataQualityResource(q: LineQuality): CarrierDataQuality {
  const expected = q.containers * EXPECTED_MILESTONES.length;
  const missing = Object.values(q.missing).reduce((a, b) => a + b, 0);
  return {
    id: q.scac,
    type: "carrier_data_quality",
    attributes: {
      scac: q.scac,
      name: q.name,
      containers: q.containers,
      milestones: {
        expected,
        received: expected - missing,
        share: expected > 0 ? round((expected - missing) / expected) : null,
        missing: q.missing,
      },
      latency: {
        events: q.latency.events,
        median_minutes: round(q.latency.medianMinutes),
        p90_minutes: round(q.latency.p90Minutes),
      },
      eta_error: {
        days_out: ETA_ERROR_DAYS_OUT,
        shipments: q.etaError.shipments,
        carrier_mean_absolute_days: round(q.etaError.carrierMeanAbsoluteDays),
        carrier_within_1_day: round(q.etaError.carrierWithin1Day),
        predicted_mean_absolute_days: round(q.etaError.predictedMeanAbsoluteDays),
        predicted_within_1_day: round(q.etaError.predictedWithin1Day),
      },
    },
  };
}
