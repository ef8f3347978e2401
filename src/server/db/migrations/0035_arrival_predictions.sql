-- Our own predicted arrival at the port of discharge (issue 33): the current prediction on the shipment (with its
-- window, its reason, and how much later than the line's ETA it is, for filter[predicted_late] and the alert), the
-- line's first departure estimate the forecaster saw, and the history of predictions beside the line's ETA.
CREATE TABLE "arrival_predictions" (
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"predicted_at" timestamp with time zone NOT NULL,
	"p10_at" timestamp with time zone NOT NULL,
	"p90_at" timestamp with time zone NOT NULL,
	"carrier_eta_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"basis" text NOT NULL,
	"raw_at" timestamp with time zone NOT NULL,
	"bucket" text NOT NULL,
	CONSTRAINT "arrival_predictions_shipment_id_made_at_pk" PRIMARY KEY("shipment_id","made_at")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pod_predicted_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pod_predicted_arrival_p10_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pod_predicted_arrival_p90_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pod_predicted_arrival_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pod_predicted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pol_original_etd_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "predicted_late_seconds" double precision GENERATED ALWAYS AS (case when pod_ata_at is null then extract(epoch from (pod_predicted_arrival_at - pod_eta_at)) end) STORED;--> statement-breakpoint
ALTER TABLE "arrival_predictions" ADD CONSTRAINT "arrival_predictions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrival_predictions" ADD CONSTRAINT "arrival_predictions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrival_predictions_made_idx" ON "arrival_predictions" USING btree ("made_at");--> statement-breakpoint
CREATE INDEX "shipments_account_pod_predicted_arrival_sort_idx" ON "shipments" USING btree ("account_id","pod_predicted_arrival_at") WHERE "shipments"."pod_predicted_arrival_at" is not null;--> statement-breakpoint
CREATE INDEX "shipments_account_predicted_late_idx" ON "shipments" USING btree ("account_id","predicted_late_seconds","id") WHERE predicted_late_seconds > 0;--> statement-breakpoint
CREATE INDEX "shipments_coming_idx" ON "shipments" USING btree ("id") WHERE pod_ata_at is null and pod_eta_at is not null;