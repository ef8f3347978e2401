-- Scale: substring search with pg_trgm, exact list counts kept by triggers, indexes that match every list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "list_counts" (
	"account_id" uuid NOT NULL,
	"list" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "list_counts_account_id_list_pk" PRIMARY KEY("account_id","list")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "containers_number_trgm_idx" ON "containers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_account_tracked_idx" ON "shipments" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE line_tracking_stopped_at is null;--> statement-breakpoint
CREATE INDEX "shipments_search_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracking_requests_shipment_idx" ON "tracking_requests" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "tracking_requests_search_trgm_idx" ON "tracking_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- What a shipment's and a tracking request's search matches, kept with the row (container numbers have their own
-- index). Lines are separated by newlines, which a search term never holds, so that no match spans two numbers.
CREATE FUNCTION shipment_search_text(bill_of_lading_number text, normalized_number text, ref_numbers text[])
  RETURNS text LANGUAGE sql AS $$
  SELECT concat_ws(E'\n', bill_of_lading_number, normalized_number, array_to_string(ref_numbers, E'\n'))
$$;--> statement-breakpoint
CREATE FUNCTION shipments_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := shipment_search_text(NEW.bill_of_lading_number, NEW.normalized_number, NEW.ref_numbers);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER shipments_search_text BEFORE INSERT OR UPDATE OF bill_of_lading_number, normalized_number, ref_numbers
  ON shipments FOR EACH ROW EXECUTE FUNCTION shipments_search_text();--> statement-breakpoint
UPDATE shipments SET search_text = shipment_search_text(bill_of_lading_number, normalized_number, ref_numbers);--> statement-breakpoint
-- A request is found by its number and its reference numbers as typed, and with spaces and dashes left out.
CREATE FUNCTION tracking_request_search_text(request_number text, normalized_number text, ref_numbers text[])
  RETURNS text LANGUAGE sql AS $$
  SELECT concat_ws(E'\n', request_number, normalized_number, array_to_string(ref_numbers, E'\n'),
    upper(regexp_replace(array_to_string(ref_numbers, E'\n'), '[[:blank:]-]+', '', 'g')))
$$;--> statement-breakpoint
CREATE FUNCTION tracking_requests_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := tracking_request_search_text(NEW.request_number, NEW.normalized_number, NEW.ref_numbers);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tracking_requests_search_text BEFORE INSERT OR UPDATE OF request_number, normalized_number, ref_numbers
  ON tracking_requests FOR EACH ROW EXECUTE FUNCTION tracking_requests_search_text();--> statement-breakpoint
UPDATE tracking_requests SET search_text = tracking_request_search_text(request_number, normalized_number, ref_numbers);--> statement-breakpoint
-- Exact list counts: one statement-level trigger per table and direction adds up the rows each statement wrote,
-- per account, in the writing transaction. Account ids are taken in order so that two writers never deadlock.
CREATE FUNCTION list_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (account_id, list, count)
    SELECT account_id, TG_ARGV[0], count(*) FROM new_rows GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id, list) DO UPDATE SET count = list_counts.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (account_id, list, count)
    SELECT account_id, TG_ARGV[0], -count(*) FROM old_rows GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id, list) DO UPDATE SET count = list_counts.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shipments_counted AFTER INSERT ON shipments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('shipments');--> statement-breakpoint
CREATE TRIGGER shipments_uncounted AFTER DELETE ON shipments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('shipments');--> statement-breakpoint
CREATE TRIGGER containers_counted AFTER INSERT ON containers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('containers');--> statement-breakpoint
CREATE TRIGGER containers_uncounted AFTER DELETE ON containers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('containers');--> statement-breakpoint
CREATE TRIGGER tracking_requests_counted AFTER INSERT ON tracking_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('tracking_requests');--> statement-breakpoint
CREATE TRIGGER tracking_requests_uncounted AFTER DELETE ON tracking_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('tracking_requests');--> statement-breakpoint
CREATE TRIGGER webhooks_counted AFTER INSERT ON webhooks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('webhooks');--> statement-breakpoint
CREATE TRIGGER webhooks_uncounted AFTER DELETE ON webhooks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('webhooks');--> statement-breakpoint
CREATE TRIGGER webhook_notifications_counted AFTER INSERT ON webhook_notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('webhook_notifications');--> statement-breakpoint
CREATE TRIGGER webhook_notifications_uncounted AFTER DELETE ON webhook_notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('webhook_notifications');--> statement-breakpoint
-- Counts every list of an account afresh: after the migration, and after bulk writes that ran with triggers off.
CREATE FUNCTION recount_lists(account uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_counts WHERE account_id = account;
  INSERT INTO list_counts (account_id, list, count)
    SELECT account, 'shipments', count(*) FROM shipments WHERE account_id = account
    UNION ALL SELECT account, 'containers', count(*) FROM containers WHERE account_id = account
    UNION ALL SELECT account, 'tracking_requests', count(*) FROM tracking_requests WHERE account_id = account
    UNION ALL SELECT account, 'webhooks', count(*) FROM webhooks WHERE account_id = account
    UNION ALL SELECT account, 'webhook_notifications', count(*) FROM webhook_notifications WHERE account_id = account;
$$;--> statement-breakpoint
SELECT recount_lists(id) FROM accounts;