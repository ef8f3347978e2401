-- Our own predicted arrival at the inland destination (issue 33): the train's, from how long trains on the same
-- route took lately, kept on the shipment by the arrival forecaster beside the port of discharge's; and the index
-- of the shipments it works through.
ALTER TABLE "shipments" ADD COLUMN "destination_predicted_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_predicted_arrival_p10_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_predicted_arrival_p90_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "destination_predicted_arrival_reason" text;--> statement-breakpoint
CREATE INDEX "shipments_inland_coming_idx" ON "shipments" USING btree ("id") WHERE destination_id is not null and destination_ata_at is null and destination_eta_at is not null;