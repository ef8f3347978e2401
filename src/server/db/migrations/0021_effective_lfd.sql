-- The effective last free day (src/api/last-free-day.ts, in SQL in db/effective-lfd-sql.ts): a container's
-- last_free_day_at is the deadline that applies where the box is now (the terminal's or the line's at the port, the
-- rail or inland facility's once it went inland by rail), with its source and the zone its day is counted in, and
-- awaiting_pickup (in place of at_terminal) says whether the box still waits where that day runs. A shipment's last
-- free day is the earliest of its waiting boxes' only: one whose boxes are all picked up or returned raises none.
DROP TRIGGER containers_lfd_inserted ON containers;--> statement-breakpoint
DROP TRIGGER containers_lfd_updated ON containers;--> statement-breakpoint
DROP TRIGGER containers_lfd_deleted ON containers;--> statement-breakpoint
DROP FUNCTION shipment_follows_container_lfd();--> statement-breakpoint
DROP INDEX "containers_at_terminal_idx";--> statement-breakpoint
ALTER TABLE "containers" DROP COLUMN "at_terminal", DROP COLUMN "last_free_day_at",
  ADD COLUMN "shipment_destination_time_zone" text;--> statement-breakpoint
UPDATE containers c SET shipment_destination_time_zone = p.time_zone
  FROM shipments s JOIN ports p ON p.id = s.destination_id
  WHERE s.id = c.shipment_id;--> statement-breakpoint
ALTER TABLE "containers"
  ADD COLUMN "last_free_day_at" timestamp with time zone GENERATED ALWAYS AS ((case when (pod_rail_departed_at is not null or ind_ata_at is not null or ind_rail_unloaded_at is not null or final_destination_full_out_at is not null or current_status = 'on_rail') then least(pickup_lfd_rail, ind_facility_lfd_on) else coalesce(least(pickup_lfd_terminal, pickup_lfd_line), least(pickup_lfd_rail, ind_facility_lfd_on)) end)) STORED,
  ADD COLUMN "last_free_day_source" text GENERATED ALWAYS AS ((case when (pod_rail_departed_at is not null or ind_ata_at is not null or ind_rail_unloaded_at is not null or final_destination_full_out_at is not null or current_status = 'on_rail') then (case when least(pickup_lfd_rail, ind_facility_lfd_on) is not null then 'rail' end) when pickup_lfd_terminal is not null and (pickup_lfd_line is null or pickup_lfd_terminal <= pickup_lfd_line) then 'terminal' when pickup_lfd_line is not null then 'line' when least(pickup_lfd_rail, ind_facility_lfd_on) is not null then 'rail' end)) STORED,
  ADD COLUMN "last_free_day_time_zone" text GENERATED ALWAYS AS ((case when (case when (pod_rail_departed_at is not null or ind_ata_at is not null or ind_rail_unloaded_at is not null or final_destination_full_out_at is not null or current_status = 'on_rail') then (case when least(pickup_lfd_rail, ind_facility_lfd_on) is not null then 'rail' end) when pickup_lfd_terminal is not null and (pickup_lfd_line is null or pickup_lfd_terminal <= pickup_lfd_line) then 'terminal' when pickup_lfd_line is not null then 'line' when least(pickup_lfd_rail, ind_facility_lfd_on) is not null then 'rail' end) = 'rail' then coalesce(shipment_destination_time_zone, shipment_pod_time_zone) when (case when (pod_rail_departed_at is not null or ind_ata_at is not null or ind_rail_unloaded_at is not null or final_destination_full_out_at is not null or current_status = 'on_rail') then (case when least(pickup_lfd_rail, ind_facility_lfd_on) is not null then 'rail' end) when pickup_lfd_terminal is not null and (pickup_lfd_line is null or pickup_lfd_terminal <= pickup_lfd_line) then 'terminal' when pickup_lfd_line is not null then 'line' when least(pickup_lfd_rail, ind_facility_lfd_on) is not null then 'rail' end) is not null then shipment_pod_time_zone end)) STORED,
  ADD COLUMN "awaiting_pickup" boolean GENERATED ALWAYS AS ((case when (pod_rail_departed_at is not null or ind_ata_at is not null or ind_rail_unloaded_at is not null or final_destination_full_out_at is not null or current_status = 'on_rail') then (ind_ata_at is not null or ind_rail_unloaded_at is not null) and final_destination_full_out_at is null and empty_terminated_at is null and current_status in ('available', 'not_available', 'grounded') else coalesce(pod_discharged_at, pod_arrived_at) is not null and pod_full_out_at is null and empty_terminated_at is null and current_status in ('new', 'on_ship', 'available', 'not_available', 'grounded', 'awaiting_inland_transfer') end)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "last_free_day_time_zone" text;--> statement-breakpoint
CREATE INDEX "containers_account_last_free_day_sort_idx" ON "containers" USING btree ("account_id","last_free_day_at") WHERE "containers"."last_free_day_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_on_hold_idx" ON "containers" USING btree ("account_id","last_free_day_at","hold_names") WHERE on_hold;--> statement-breakpoint
CREATE INDEX "containers_awaiting_pickup_idx" ON "containers" USING btree ("account_id","last_free_day_at","last_free_day_time_zone") WHERE awaiting_pickup;--> statement-breakpoint
-- The copies of the shipment's columns take the destination's time zone too (a rail day is counted in it).
CREATE OR REPLACE FUNCTION containers_copy_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.bill_of_lading_number, s.shipping_line_id, s.port_of_discharge_id, p.time_zone, d.time_zone, s.pod_vessel_id,
      s.pol_etd_at, s.pol_atd_at, s.pod_eta_at, s.pod_original_eta_at, s.pod_ata_at, s.destination_eta_at,
      s.destination_ata_at, s.tags, s.customer_name, s.line_tracking_stopped_at, s.line_tracking_stopped_reason
    INTO NEW.shipment_bill_of_lading_number, NEW.shipment_shipping_line_id, NEW.shipment_port_of_discharge_id,
      NEW.shipment_pod_time_zone, NEW.shipment_destination_time_zone, NEW.shipment_pod_vessel_id,
      NEW.shipment_pol_etd_at, NEW.shipment_pol_atd_at,
      NEW.shipment_pod_eta_at, NEW.shipment_pod_original_eta_at, NEW.shipment_pod_ata_at,
      NEW.shipment_destination_eta_at, NEW.shipment_destination_ata_at, NEW.shipment_tags,
      NEW.shipment_customer_name, NEW.shipment_line_tracking_stopped_at, NEW.shipment_line_tracking_stopped_reason
    FROM shipments s LEFT JOIN ports p ON p.id = s.port_of_discharge_id LEFT JOIN ports d ON d.id = s.destination_id
    WHERE s.id = NEW.shipment_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION containers_follow_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE containers c SET
    shipment_bill_of_lading_number = NEW.bill_of_lading_number,
    shipment_shipping_line_id = NEW.shipping_line_id,
    shipment_port_of_discharge_id = NEW.port_of_discharge_id,
    shipment_pod_time_zone = (SELECT p.time_zone FROM ports p WHERE p.id = NEW.port_of_discharge_id),
    shipment_destination_time_zone = (SELECT p.time_zone FROM ports p WHERE p.id = NEW.destination_id),
    shipment_pod_vessel_id = NEW.pod_vessel_id,
    shipment_pol_etd_at = NEW.pol_etd_at,
    shipment_pol_atd_at = NEW.pol_atd_at,
    shipment_pod_eta_at = NEW.pod_eta_at,
    shipment_pod_original_eta_at = NEW.pod_original_eta_at,
    shipment_pod_ata_at = NEW.pod_ata_at,
    shipment_destination_eta_at = NEW.destination_eta_at,
    shipment_destination_ata_at = NEW.destination_ata_at,
    shipment_tags = NEW.tags,
    shipment_customer_name = NEW.customer_name,
    shipment_line_tracking_stopped_at = NEW.line_tracking_stopped_at,
    shipment_line_tracking_stopped_reason = NEW.line_tracking_stopped_reason
  WHERE c.shipment_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER shipments_copied_to_containers ON shipments;--> statement-breakpoint
CREATE TRIGGER shipments_copied_to_containers AFTER UPDATE ON shipments FOR EACH ROW
  WHEN ((NEW.bill_of_lading_number, NEW.shipping_line_id, NEW.port_of_discharge_id, NEW.destination_id, NEW.pod_vessel_id, NEW.pol_etd_at, NEW.pol_atd_at, NEW.pod_eta_at, NEW.pod_original_eta_at, NEW.pod_ata_at, NEW.destination_eta_at, NEW.destination_ata_at, NEW.tags, NEW.customer_name, NEW.line_tracking_stopped_at, NEW.line_tracking_stopped_reason)
    IS DISTINCT FROM (OLD.bill_of_lading_number, OLD.shipping_line_id, OLD.port_of_discharge_id, OLD.destination_id, OLD.pod_vessel_id, OLD.pol_etd_at, OLD.pol_atd_at, OLD.pod_eta_at, OLD.pod_original_eta_at, OLD.pod_ata_at, OLD.destination_eta_at, OLD.destination_ata_at, OLD.tags, OLD.customer_name, OLD.line_tracking_stopped_at, OLD.line_tracking_stopped_reason))
  EXECUTE FUNCTION containers_follow_shipment();--> statement-breakpoint
-- A shipment's last free day: the earliest of its waiting boxes', with the zone it is counted in.
CREATE FUNCTION shipment_follows_container_lfd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shipment uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.shipment_id ELSE NEW.shipment_id END;
  earliest record;
BEGIN
  SELECT c.last_free_day_at AS at, c.last_free_day_time_zone AS zone INTO earliest FROM containers c
    WHERE c.shipment_id = shipment AND c.awaiting_pickup AND c.last_free_day_at IS NOT NULL
    ORDER BY c.last_free_day_at LIMIT 1;
  UPDATE shipments s SET last_free_day_at = earliest.at, last_free_day_time_zone = earliest.zone
    WHERE s.id = shipment
      AND (s.last_free_day_at, s.last_free_day_time_zone) IS DISTINCT FROM (earliest.at, earliest.zone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER containers_lfd_inserted AFTER INSERT ON containers FOR EACH ROW
  WHEN (NEW.last_free_day_at IS NOT NULL AND NEW.awaiting_pickup) EXECUTE FUNCTION shipment_follows_container_lfd();--> statement-breakpoint
CREATE TRIGGER containers_lfd_updated AFTER UPDATE ON containers FOR EACH ROW
  WHEN ((OLD.last_free_day_at, OLD.awaiting_pickup, OLD.last_free_day_time_zone) IS DISTINCT FROM (NEW.last_free_day_at, NEW.awaiting_pickup, NEW.last_free_day_time_zone))
  EXECUTE FUNCTION shipment_follows_container_lfd();--> statement-breakpoint
CREATE TRIGGER containers_lfd_deleted AFTER DELETE ON containers FOR EACH ROW
  WHEN (OLD.last_free_day_at IS NOT NULL AND OLD.awaiting_pickup) EXECUTE FUNCTION shipment_follows_container_lfd();--> statement-breakpoint
-- After bulk writes with triggers off (the seed): the copies, then each shipment's last free day.
CREATE OR REPLACE FUNCTION refresh_triage_copies(account uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE containers c SET
    shipment_bill_of_lading_number = s.bill_of_lading_number,
    shipment_shipping_line_id = s.shipping_line_id,
    shipment_port_of_discharge_id = s.port_of_discharge_id,
    shipment_pod_time_zone = p.time_zone,
    shipment_destination_time_zone = d.time_zone,
    shipment_pod_vessel_id = s.pod_vessel_id,
    shipment_pol_etd_at = s.pol_etd_at,
    shipment_pol_atd_at = s.pol_atd_at,
    shipment_pod_eta_at = s.pod_eta_at,
    shipment_pod_original_eta_at = s.pod_original_eta_at,
    shipment_pod_ata_at = s.pod_ata_at,
    shipment_destination_eta_at = s.destination_eta_at,
    shipment_destination_ata_at = s.destination_ata_at,
    shipment_tags = s.tags,
    shipment_customer_name = s.customer_name,
    shipment_line_tracking_stopped_at = s.line_tracking_stopped_at,
    shipment_line_tracking_stopped_reason = s.line_tracking_stopped_reason
  FROM shipments s LEFT JOIN ports p ON p.id = s.port_of_discharge_id LEFT JOIN ports d ON d.id = s.destination_id
  WHERE s.id = c.shipment_id AND (account IS NULL OR (s.account_id = account AND c.account_id = account));
  UPDATE shipments s SET last_free_day_at = e.at, last_free_day_time_zone = e.zone
  FROM shipments x LEFT JOIN LATERAL (
    SELECT c.last_free_day_at AS at, c.last_free_day_time_zone AS zone FROM containers c
    WHERE c.shipment_id = x.id AND c.awaiting_pickup AND c.last_free_day_at IS NOT NULL
    ORDER BY c.last_free_day_at LIMIT 1) e ON true
  WHERE x.id = s.id AND (account IS NULL OR s.account_id = account)
    AND (s.last_free_day_at, s.last_free_day_time_zone) IS DISTINCT FROM (e.at, e.zone);
$$;--> statement-breakpoint
UPDATE shipments s SET last_free_day_at = e.at, last_free_day_time_zone = e.zone
  FROM shipments x LEFT JOIN LATERAL (
    SELECT c.last_free_day_at AS at, c.last_free_day_time_zone AS zone FROM containers c
    WHERE c.shipment_id = x.id AND c.awaiting_pickup AND c.last_free_day_at IS NOT NULL
    ORDER BY c.last_free_day_at LIMIT 1) e ON true
  WHERE x.id = s.id AND (s.last_free_day_at, s.last_free_day_time_zone) IS DISTINCT FROM (e.at, e.zone);
