ALTER TABLE "containers" ADD COLUMN "last_free_day_at" timestamp with time zone GENERATED ALWAYS AS (least(pickup_lfd_terminal, pickup_lfd_line)) STORED;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "on_hold" boolean GENERATED ALWAYS AS (holds_at_pod_terminal @> '[{"status": "hold"}]'::jsonb) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "at_terminal" boolean GENERATED ALWAYS AS (coalesce(pod_discharged_at, pod_arrived_at) is not null and pod_full_out_at is null and current_status in ('new', 'on_ship', 'available', 'not_available', 'grounded', 'awaiting_inland_transfer')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_bill_of_lading_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_shipping_line_id" uuid;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_port_of_discharge_id" uuid;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pod_time_zone" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pod_vessel_id" uuid;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pol_etd_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pol_atd_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pod_eta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pod_original_eta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_pod_ata_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_destination_eta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_destination_ata_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_customer_name" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_line_tracking_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shipment_line_tracking_stopped_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "last_free_day_at" timestamp with time zone;--> statement-breakpoint
-- Triage (sorted and filtered lists, the attention summary). Containers keep copies of the shipment columns they are
-- sorted and filtered by (the shipment_* columns), so that each list order and filter of GET /v2/containers has an
-- index on one table; shipments keep the earliest last free day of their containers. Triggers keep both, for
-- every write path (the engine's set-based batches included); refresh_triage_copies() brings an account up to
-- date after bulk writes that ran with triggers off (the seed).
CREATE FUNCTION refresh_triage_copies(account uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE containers c SET
    shipment_bill_of_lading_number = s.bill_of_lading_number,
    shipment_shipping_line_id = s.shipping_line_id,
    shipment_port_of_discharge_id = s.port_of_discharge_id,
    shipment_pod_time_zone = p.time_zone,
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
  FROM shipments s LEFT JOIN ports p ON p.id = s.port_of_discharge_id
  WHERE s.id = c.shipment_id AND (account IS NULL OR (s.account_id = account AND c.account_id = account));
  UPDATE shipments s SET last_free_day_at =
    (SELECT min(c.last_free_day_at) FROM containers c WHERE c.shipment_id = s.id)
  WHERE account IS NULL OR s.account_id = account;
$$;--> statement-breakpoint
SELECT refresh_triage_copies(NULL);--> statement-breakpoint
-- What a shipment search (`q`) matches besides container numbers: its numbers, tags and customer, and the names
-- and LOCODEs of its ports and the name of its vessel, one per line (no match spans two lines). A vessel's rename
-- reaches the text with the shipment's next change of vessel.
DROP TRIGGER shipments_search_text ON shipments;--> statement-breakpoint
DROP FUNCTION shipments_search_text();--> statement-breakpoint
DROP FUNCTION shipment_search_text(text, text, text[]);--> statement-breakpoint
CREATE FUNCTION shipment_search_text(s shipments) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n', s.bill_of_lading_number, s.normalized_number, array_to_string(s.ref_numbers, E'\n'),
    array_to_string(s.tags, E'\n'), s.customer_name,
    (SELECT string_agg(p.locode || E'\n' || p.name, E'\n') FROM ports p
      WHERE p.id IN (s.port_of_lading_id, s.port_of_discharge_id, s.destination_id)),
    (SELECT v.name FROM vessels v WHERE v.id = s.pod_vessel_id))
$$;--> statement-breakpoint
CREATE FUNCTION shipments_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := shipment_search_text(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER shipments_search_text BEFORE INSERT ON shipments
  FOR EACH ROW EXECUTE FUNCTION shipments_search_text();--> statement-breakpoint
-- Only when a searched column changed: the engine writes shipments often, mostly other columns.
CREATE TRIGGER shipments_search_text_changed BEFORE UPDATE ON shipments FOR EACH ROW
  WHEN (OLD.bill_of_lading_number IS DISTINCT FROM NEW.bill_of_lading_number OR OLD.normalized_number IS DISTINCT FROM NEW.normalized_number OR OLD.ref_numbers IS DISTINCT FROM NEW.ref_numbers OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.customer_name IS DISTINCT FROM NEW.customer_name OR OLD.port_of_lading_id IS DISTINCT FROM NEW.port_of_lading_id OR OLD.port_of_discharge_id IS DISTINCT FROM NEW.port_of_discharge_id OR OLD.destination_id IS DISTINCT FROM NEW.destination_id OR OLD.pod_vessel_id IS DISTINCT FROM NEW.pod_vessel_id)
  EXECUTE FUNCTION shipments_search_text();--> statement-breakpoint
UPDATE shipments s SET search_text = shipment_search_text(s);--> statement-breakpoint
CREATE INDEX "containers_account_pod_eta_sort_idx" ON "containers" USING btree ("account_id","shipment_pod_eta_at") WHERE "containers"."shipment_pod_eta_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_pod_ata_sort_idx" ON "containers" USING btree ("account_id","shipment_pod_ata_at") WHERE "containers"."shipment_pod_ata_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_destination_eta_sort_idx" ON "containers" USING btree ("account_id","shipment_destination_eta_at") WHERE "containers"."shipment_destination_eta_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_destination_ata_sort_idx" ON "containers" USING btree ("account_id","shipment_destination_ata_at") WHERE "containers"."shipment_destination_ata_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_pol_etd_sort_idx" ON "containers" USING btree ("account_id","shipment_pol_etd_at") WHERE "containers"."shipment_pol_etd_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_pol_atd_sort_idx" ON "containers" USING btree ("account_id","shipment_pol_atd_at") WHERE "containers"."shipment_pol_atd_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_last_free_day_sort_idx" ON "containers" USING btree ("account_id","last_free_day_at") WHERE "containers"."last_free_day_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_pod_discharged_sort_idx" ON "containers" USING btree ("account_id","pod_discharged_at") WHERE "containers"."pod_discharged_at" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_available_sort_idx" ON "containers" USING btree ("account_id","available_for_pickup") WHERE "containers"."available_for_pickup" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_bill_of_lading_sort_idx" ON "containers" USING btree ("account_id","shipment_bill_of_lading_number") WHERE "containers"."shipment_bill_of_lading_number" is not null;--> statement-breakpoint
CREATE INDEX "containers_account_line_idx" ON "containers" USING btree ("account_id","shipment_shipping_line_id");--> statement-breakpoint
CREATE INDEX "containers_account_pod_idx" ON "containers" USING btree ("account_id","shipment_port_of_discharge_id");--> statement-breakpoint
CREATE INDEX "containers_account_status_idx" ON "containers" USING btree ("account_id","current_status","shipment_pod_eta_at","shipment_pod_original_eta_at");--> statement-breakpoint
CREATE INDEX "containers_on_hold_idx" ON "containers" USING btree ("account_id","last_free_day_at") WHERE on_hold;--> statement-breakpoint
CREATE INDEX "containers_at_terminal_idx" ON "containers" USING btree ("account_id","last_free_day_at","shipment_pod_time_zone") WHERE at_terminal;--> statement-breakpoint
CREATE INDEX "shipments_account_pod_eta_sort_idx" ON "shipments" USING btree ("account_id","pod_eta_at") WHERE "shipments"."pod_eta_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_pod_ata_sort_idx" ON "shipments" USING btree ("account_id","pod_ata_at") WHERE "shipments"."pod_ata_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_destination_eta_sort_idx" ON "shipments" USING btree ("account_id","destination_eta_at") WHERE "shipments"."destination_eta_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_destination_ata_sort_idx" ON "shipments" USING btree ("account_id","destination_ata_at") WHERE "shipments"."destination_ata_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_pol_etd_sort_idx" ON "shipments" USING btree ("account_id","pol_etd_at") WHERE "shipments"."pol_etd_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_pol_atd_sort_idx" ON "shipments" USING btree ("account_id","pol_atd_at") WHERE "shipments"."pol_atd_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_last_free_day_sort_idx" ON "shipments" USING btree ("account_id","last_free_day_at") WHERE "shipments"."last_free_day_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_bill_of_lading_sort_idx" ON "shipments" USING btree ("account_id","bill_of_lading_number") WHERE "shipments"."bill_of_lading_number" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_line_idx" ON "shipments" USING btree ("account_id","shipping_line_id");--> statement-breakpoint
CREATE INDEX "shipments_account_pod_idx" ON "shipments" USING btree ("account_id","port_of_discharge_id");--> statement-breakpoint
CREATE INDEX "shipments_account_stop_reason_idx" ON "shipments" USING btree ("account_id","line_tracking_stopped_reason") WHERE line_tracking_stopped_at is not null;--> statement-breakpoint
CREATE INDEX "tracking_requests_account_status_idx" ON "tracking_requests" USING btree ("account_id","status");--> statement-breakpoint
-- A new container takes its shipment's columns.
CREATE FUNCTION containers_copy_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.bill_of_lading_number, s.shipping_line_id, s.port_of_discharge_id, p.time_zone, s.pod_vessel_id,
      s.pol_etd_at, s.pol_atd_at, s.pod_eta_at, s.pod_original_eta_at, s.pod_ata_at, s.destination_eta_at,
      s.destination_ata_at, s.tags, s.customer_name, s.line_tracking_stopped_at, s.line_tracking_stopped_reason
    INTO NEW.shipment_bill_of_lading_number, NEW.shipment_shipping_line_id, NEW.shipment_port_of_discharge_id,
      NEW.shipment_pod_time_zone, NEW.shipment_pod_vessel_id, NEW.shipment_pol_etd_at, NEW.shipment_pol_atd_at,
      NEW.shipment_pod_eta_at, NEW.shipment_pod_original_eta_at, NEW.shipment_pod_ata_at,
      NEW.shipment_destination_eta_at, NEW.shipment_destination_ata_at, NEW.shipment_tags,
      NEW.shipment_customer_name, NEW.shipment_line_tracking_stopped_at, NEW.shipment_line_tracking_stopped_reason
    FROM shipments s LEFT JOIN ports p ON p.id = s.port_of_discharge_id
    WHERE s.id = NEW.shipment_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER containers_copy_shipment BEFORE INSERT ON containers
  FOR EACH ROW EXECUTE FUNCTION containers_copy_shipment();--> statement-breakpoint
-- A shipment's change reaches its containers: once per statement, for the shipments whose copied columns changed
-- (the ids first, so that the update of containers is planned for a few shipments, not for the whole batch).
CREATE FUNCTION containers_follow_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  SELECT array_agg(n.id) INTO changed FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.bill_of_lading_number, n.shipping_line_id, n.port_of_discharge_id, n.pod_vessel_id, n.pol_etd_at, n.pol_atd_at, n.pod_eta_at, n.pod_original_eta_at, n.pod_ata_at, n.destination_eta_at, n.destination_ata_at, n.tags, n.customer_name, n.line_tracking_stopped_at, n.line_tracking_stopped_reason)
      IS DISTINCT FROM (o.bill_of_lading_number, o.shipping_line_id, o.port_of_discharge_id, o.pod_vessel_id, o.pol_etd_at, o.pol_atd_at, o.pod_eta_at, o.pod_original_eta_at, o.pod_ata_at, o.destination_eta_at, o.destination_ata_at, o.tags, o.customer_name, o.line_tracking_stopped_at, o.line_tracking_stopped_reason);
  IF changed IS NULL THEN RETURN NULL; END IF;
  UPDATE containers c SET
    shipment_bill_of_lading_number = s.bill_of_lading_number,
    shipment_shipping_line_id = s.shipping_line_id,
    shipment_port_of_discharge_id = s.port_of_discharge_id,
    shipment_pod_time_zone = p.time_zone,
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
  FROM shipments s LEFT JOIN ports p ON p.id = s.port_of_discharge_id
  WHERE s.id = ANY (changed) AND c.shipment_id = s.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shipments_copied_to_containers AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION containers_follow_shipments();--> statement-breakpoint
-- A shipment's last free day is its containers' earliest: refreshed, once per statement, for the shipments whose
-- containers' last free day was set, changed or removed.
CREATE FUNCTION shipments_follow_container_lfd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.shipment_id) INTO changed FROM new_rows n WHERE n.last_free_day_at IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.shipment_id) INTO changed FROM old_rows o WHERE o.last_free_day_at IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT n.shipment_id) INTO changed FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.last_free_day_at IS DISTINCT FROM o.last_free_day_at;
  END IF;
  IF changed IS NULL THEN RETURN NULL; END IF;
  UPDATE shipments s SET last_free_day_at = m.earliest
    FROM (SELECT id, (SELECT min(c.last_free_day_at) FROM containers c WHERE c.shipment_id = x.id) AS earliest
      FROM unnest(changed) AS x(id)) m
    WHERE s.id = m.id AND s.last_free_day_at IS DISTINCT FROM m.earliest;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER containers_lfd_inserted AFTER INSERT ON containers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_follow_container_lfd();--> statement-breakpoint
CREATE TRIGGER containers_lfd_updated AFTER UPDATE ON containers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_follow_container_lfd();--> statement-breakpoint
CREATE TRIGGER containers_lfd_deleted AFTER DELETE ON containers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_follow_container_lfd();