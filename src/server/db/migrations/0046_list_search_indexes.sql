-- The lists' searches and a line's shipments by ETA at scale (issue 30 item 15). A term of one or two characters
-- finds whole tags (db/list-filters.ts), through an index of the tags; and a line's shipments are walked in ETA
-- order through an index of (account, line, ETA) that also counts them, instead of reading the account's ETA
-- index until enough of that line's turned up (312 rows for a page of 30 of Maersk's on the 100,000-shipment
-- account), so the index of (account, line) it extends goes.
CREATE INDEX "shipments_account_line_eta_idx" ON "shipments" USING btree ("account_id","shipping_line_id","pod_eta_at");--> statement-breakpoint
DROP INDEX "shipments_account_line_idx";--> statement-breakpoint
CREATE INDEX "shipments_tags_idx" ON "shipments" USING gin ("tags");
