-- Team alert rules (issue 28 item 1): an admin's rule for roles or chosen people, each told once (the unique key
-- gains the person), and a person's own "stop these emails" for a team rule.
CREATE TABLE "alert_rule_mutes" (
	"rule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rule_mutes_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_rule_person_dedupe_idx" ON "alerts" USING btree ("rule_id","user_id","dedupe_key");--> statement-breakpoint
DROP INDEX "alerts_rule_dedupe_idx";--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rule_mutes" ADD CONSTRAINT "alert_rule_mutes_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rule_mutes" ADD CONSTRAINT "alert_rule_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
