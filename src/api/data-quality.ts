// How far a coordinator can trust each shipping line's data, beyond the hosted API: per line, over the boxes that
// reached their port of discharge in the last 90 days of the account, the share of the four ocean milestones the line
// reported, how long after each movement we had it on record, and how far off its ETA was a week before arrival
// (beside ours). `GET /v2/carrier_data_quality` answers it; the dashboard's "Carrier data quality" page shows it.
import { z } from "zod";

/** The days looked back over, by the service clock. */
export const DATA_QUALITY_DAYS = 90;
/**
 * Arrivals of the last days are left out: a box is discharged a day or two after its ship arrives, and a milestone
 * not yet due is not missing.
 */
export const SETTLE_DAYS = 3;

/** The movements every ocean voyage has, whoever the line: what "expected milestones" counts. */
export const EXPECTED_MILESTONES = [
  "vessel_loaded",
  "vessel_departed",
  "vessel_arrived",
  "vessel_discharged",
] as const;
export type ExpectedMilestone = (typeof EXPECTED_MILESTONES)[number];

/** How long before the arrival the ETAs are compared: a week out, when trucks and appointments are planned. */
export const ETA_ERROR_DAYS_OUT = 7;

const share = z.number().min(0).max(1).nullable();

export const carrierDataQualitySchema = z
  .object({
    /** The line's SCAC. */
    id: z.string(),
    type: z.literal("carrier_data_quality"),
    attributes: z.object({
      scac: z.string(),
      name: z.string(),
      /** Containers of the line that reached their port of discharge in the window. */
      containers: z.number().int(),
      milestones: z.object({
        /** EXPECTED_MILESTONES times the containers. */
        expected: z.number().int(),
        /** Of those, the ones the line reported as happened. */
        received: z.number().int(),
        /** received / expected; null without containers. */
        share,
        /** Per milestone, how many containers have none. */
        missing: z.record(z.string(), z.number().int()),
      }),
      latency: z.object({
        /** Movements that happened while we tracked the box (a box tracked later brings its past in at once). */
        events: z.number().int(),
        /** From the movement's time to our record of it, in minutes: the median and the 90th percentile. */
        median_minutes: z.number().nullable(),
        p90_minutes: z.number().nullable(),
      }),
      eta_error: z.object({
        /** Days before arrival the ETAs were taken at (ETA_ERROR_DAYS_OUT). */
        days_out: z.number().int(),
        /** Shipments whose ETA a week out we have on record. */
        shipments: z.number().int(),
        /** The line's ETA then against the arrival: mean absolute error in days, and the share within a day. */
        carrier_mean_absolute_days: z.number().nullable(),
        carrier_within_1_day: share,
        /** Our own predicted arrival then, the same way. */
        predicted_mean_absolute_days: z.number().nullable(),
        predicted_within_1_day: share,
      }),
    }),
  })
  .meta({ id: "CarrierDataQuality" });
export type CarrierDataQuality = z.infer<typeof carrierDataQualitySchema>;

export const carrierDataQualityListSchema = z.object({
  data: z.array(carrierDataQualitySchema),
  meta: z.object({
    /**
     * The window, by the service clock: arrivals at the port of discharge from `from` to `to` (DATA_QUALITY_DAYS
     * back from now, up to SETTLE_DAYS before now).
     */
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    days: z.number().int(),
  }),
});
export type CarrierDataQualityList = z.infer<typeof carrierDataQualityListSchema>;
