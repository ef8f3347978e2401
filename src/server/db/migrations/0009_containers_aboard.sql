ALTER TABLE "containers" ADD COLUMN "aboard_vessel_id" uuid;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "aboard_port_id" uuid;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_aboard_vessel_id_vessels_id_fk" FOREIGN KEY ("aboard_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_aboard_port_id_ports_id_fk" FOREIGN KEY ("aboard_port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: a container is aboard the vessel of its last actual carrier line when that line is a loading, departure
-- or arrival with a vessel and a place (only containers on a ship can be).
UPDATE "containers" c SET "aboard_vessel_id" = last.vessel_id, "aboard_port_id" = last.location_id
FROM (
  SELECT c2.id, l.vessel_id, l.location_id
  FROM "containers" c2
  CROSS JOIN LATERAL (
    SELECT r.vessel_id, r.event, r.location_id FROM "raw_events" r
    WHERE r.container_id = c2.id AND NOT r.estimated
    ORDER BY r.index DESC
    LIMIT 1
  ) l
  WHERE c2.current_status = 'on_ship' AND l.vessel_id IS NOT NULL AND l.location_id IS NOT NULL
    AND l.event IN ('vessel_loaded', 'transshipment_loaded', 'feeder_loaded', 'vessel_departed',
      'transshipment_departed', 'feeder_departed', 'vessel_arrived', 'vessel_berthed', 'transshipment_arrived',
      'feeder_arrived')
) last
WHERE c.id = last.id;--> statement-breakpoint
CREATE INDEX "containers_aboard_idx" ON "containers" USING btree ("account_id","aboard_vessel_id","shipment_id","id","aboard_port_id") WHERE aboard_vessel_id is not null and current_status = 'on_ship';