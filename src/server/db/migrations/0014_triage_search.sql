DROP INDEX "containers_account_pod_idx";--> statement-breakpoint
DROP INDEX "containers_account_status_idx";--> statement-breakpoint
DROP INDEX "containers_on_hold_idx";--> statement-breakpoint
DROP INDEX "shipments_account_pod_idx";--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "hold_names" jsonb GENERATED ALWAYS AS (lower(jsonb_path_query_array(holds_at_pod_terminal, '$[*] ? (@.status == "hold").name')::text)::jsonb) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "containers_account_vessel_idx" ON "containers" USING btree ("account_id","shipment_pod_vessel_id","id");--> statement-breakpoint
CREATE INDEX "shipments_account_pol_idx" ON "shipments" USING btree ("account_id","port_of_lading_id","id");--> statement-breakpoint
CREATE INDEX "shipments_account_destination_idx" ON "shipments" USING btree ("account_id","destination_id","id");--> statement-breakpoint
CREATE INDEX "shipments_account_vessel_idx" ON "shipments" USING btree ("account_id","pod_vessel_id","id");--> statement-breakpoint
CREATE INDEX "containers_account_pod_idx" ON "containers" USING btree ("account_id","shipment_port_of_discharge_id","id");--> statement-breakpoint
CREATE INDEX "containers_account_status_idx" ON "containers" USING btree ("account_id","current_status",abs(extract(epoch from ("shipment_pod_eta_at" - "shipment_pod_original_eta_at"))),"shipment_pod_eta_at","shipment_pod_original_eta_at");--> statement-breakpoint
CREATE INDEX "containers_on_hold_idx" ON "containers" USING btree ("account_id","last_free_day_at","hold_names") WHERE on_hold;--> statement-breakpoint
CREATE INDEX "shipments_account_pod_idx" ON "shipments" USING btree ("account_id","port_of_discharge_id","id");--> statement-breakpoint
-- A search (`q`) finds ports and vessels in their own small tables, then the shipments and containers that name
-- them through the indexes above (db/list-filters.ts): the search text no longer holds port names, LOCODEs or
-- vessel names, which as text made a port's name match a tenth of an account, read row by row.
CREATE OR REPLACE FUNCTION shipment_search_text(s shipments) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n', s.bill_of_lading_number, s.normalized_number, array_to_string(s.ref_numbers, E'\n'),
    array_to_string(s.tags, E'\n'), s.customer_name)
$$;--> statement-breakpoint
DROP TRIGGER shipments_search_text_changed ON shipments;--> statement-breakpoint
CREATE TRIGGER shipments_search_text_changed BEFORE UPDATE ON shipments FOR EACH ROW
  WHEN (OLD.bill_of_lading_number IS DISTINCT FROM NEW.bill_of_lading_number OR OLD.normalized_number IS DISTINCT FROM NEW.normalized_number OR OLD.ref_numbers IS DISTINCT FROM NEW.ref_numbers OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.customer_name IS DISTINCT FROM NEW.customer_name)
  EXECUTE FUNCTION shipments_search_text();--> statement-breakpoint
UPDATE shipments s SET search_text = shipment_search_text(s) WHERE search_text IS DISTINCT FROM shipment_search_text(s);
--> statement-breakpoint
-- The copies of 0013 kept by row triggers whose WHEN names the copied columns, in place of statement triggers with
-- transition tables: those kept the old and the new version of every row of every update (the tracking engine
-- updates shipments and containers all the time, mostly other columns) to find the few whose copied columns
-- changed; a row trigger's WHEN tests that during the update, and runs only for those.
DROP TRIGGER shipments_copied_to_containers ON shipments;--> statement-breakpoint
DROP FUNCTION containers_follow_shipments();--> statement-breakpoint
CREATE FUNCTION containers_follow_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE containers c SET
    shipment_bill_of_lading_number = NEW.bill_of_lading_number,
    shipment_shipping_line_id = NEW.shipping_line_id,
    shipment_port_of_discharge_id = NEW.port_of_discharge_id,
    shipment_pod_time_zone = (SELECT p.time_zone FROM ports p WHERE p.id = NEW.port_of_discharge_id),
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
CREATE TRIGGER shipments_copied_to_containers AFTER UPDATE ON shipments FOR EACH ROW
  WHEN ((NEW.bill_of_lading_number, NEW.shipping_line_id, NEW.port_of_discharge_id, NEW.pod_vessel_id, NEW.pol_etd_at, NEW.pol_atd_at, NEW.pod_eta_at, NEW.pod_original_eta_at, NEW.pod_ata_at, NEW.destination_eta_at, NEW.destination_ata_at, NEW.tags, NEW.customer_name, NEW.line_tracking_stopped_at, NEW.line_tracking_stopped_reason)
    IS DISTINCT FROM (OLD.bill_of_lading_number, OLD.shipping_line_id, OLD.port_of_discharge_id, OLD.pod_vessel_id, OLD.pol_etd_at, OLD.pol_atd_at, OLD.pod_eta_at, OLD.pod_original_eta_at, OLD.pod_ata_at, OLD.destination_eta_at, OLD.destination_ata_at, OLD.tags, OLD.customer_name, OLD.line_tracking_stopped_at, OLD.line_tracking_stopped_reason))
  EXECUTE FUNCTION containers_follow_shipment();--> statement-breakpoint
DROP TRIGGER containers_lfd_inserted ON containers;--> statement-breakpoint
DROP TRIGGER containers_lfd_updated ON containers;--> statement-breakpoint
DROP TRIGGER containers_lfd_deleted ON containers;--> statement-breakpoint
DROP FUNCTION shipments_follow_container_lfd();--> statement-breakpoint
CREATE FUNCTION shipment_follows_container_lfd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shipment uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.shipment_id ELSE NEW.shipment_id END;
  earliest timestamptz := (SELECT min(c.last_free_day_at) FROM containers c WHERE c.shipment_id = shipment);
BEGIN
  UPDATE shipments s SET last_free_day_at = earliest
    WHERE s.id = shipment AND s.last_free_day_at IS DISTINCT FROM earliest;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER containers_lfd_inserted AFTER INSERT ON containers FOR EACH ROW
  WHEN (NEW.last_free_day_at IS NOT NULL) EXECUTE FUNCTION shipment_follows_container_lfd();--> statement-breakpoint
CREATE TRIGGER containers_lfd_updated AFTER UPDATE ON containers FOR EACH ROW
  WHEN (OLD.last_free_day_at IS DISTINCT FROM NEW.last_free_day_at) EXECUTE FUNCTION shipment_follows_container_lfd();--> statement-breakpoint
CREATE TRIGGER containers_lfd_deleted AFTER DELETE ON containers FOR EACH ROW
  WHEN (OLD.last_free_day_at IS NOT NULL) EXECUTE FUNCTION shipment_follows_container_lfd();
