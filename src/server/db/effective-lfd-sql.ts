// The effective last free day of src/api/last-free-day.ts as SQL over a container's own columns: the expressions
// of the stored columns last_free_day_at, last_free_day_source, last_free_day_time_zone and awaiting_pickup
// (schema.ts, migration 0020), which every list, filter, sort, count and index reads. effective-lfd-sql.test.ts
// checks them against the TypeScript rule case by case; a change to one is a change to both. The journey phase
// (JOURNEY_PHASES in src/api/triage.ts) shares its test of where the box is, so it is written here too.

/** The box has left the port of discharge by rail, or shows it has reached the inland facility. */
const INLAND = `(pod_rail_departed_at is not null or ind_ata_at is not null or ind_rail_unloaded_at is not null or final_destination_full_out_at is not null or current_status = 'on_rail')`;

const RAIL_DAY = "least(pickup_lfd_rail, ind_facility_lfd_on)";
const PORT_DAY = "least(pickup_lfd_terminal, pickup_lfd_line)";

const SOURCE = `(case when ${INLAND} then (case when ${RAIL_DAY} is not null then 'rail' end) when pickup_lfd_terminal is not null and (pickup_lfd_line is null or pickup_lfd_terminal <= pickup_lfd_line) then 'terminal' when pickup_lfd_line is not null then 'line' when ${RAIL_DAY} is not null then 'rail' end)`;

export const EFFECTIVE_LFD_SQL = {
  at: `(case when ${INLAND} then ${RAIL_DAY} else coalesce(${PORT_DAY}, ${RAIL_DAY}) end)`,
  source: SOURCE,
  timeZone: `(case when ${SOURCE} = 'rail' then coalesce(shipment_destination_time_zone, shipment_pod_time_zone) when ${SOURCE} is not null then shipment_pod_time_zone end)`,
  awaiting: `(case when ${INLAND} then (ind_ata_at is not null or ind_rail_unloaded_at is not null) and final_destination_full_out_at is null and empty_terminated_at is null and current_status in ('available', 'not_available', 'grounded') else coalesce(pod_discharged_at, pod_arrived_at) is not null and pod_full_out_at is null and empty_terminated_at is null and current_status in ('new', 'on_ship', 'available', 'not_available', 'grounded', 'awaiting_inland_transfer') end)`,
} as const;

/**
 * The stored column journey_phase (JOURNEY_PHASES): the status says aboard, on rail, out or back; a box waiting on
 * the ground is at the port, or at the rail ramp once it has gone inland.
 */
export const JOURNEY_PHASE_SQL = `(case when current_status = 'empty_returned' then 'empty_returned' when current_status in ('picked_up', 'off_dock', 'delivered', 'dropped') then 'picked_up' when current_status in ('loaded', 'on_rail') then 'on_rail' when current_status = 'on_ship' then 'on_water' when current_status = 'new' then 'awaiting_departure' when ${INLAND} then 'at_rail_ramp' else 'at_port' end)`;
