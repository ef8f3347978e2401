-- A tracking request names the party its shipment is for (relationships.customer, issue 31 item 6), carried to the
-- shipment when it is created; a party of the same account, as a shipment's customer is.
ALTER TABLE "tracking_requests" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD CONSTRAINT "tracking_requests_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."parties"("account_id","id") ON DELETE no action ON UPDATE no action;