-- Parties: the companies an account ships for, and a shipment's customer (src/api/parties.ts). A shipment's
-- customer_name is always its party's company_name (null without one); the trigger below keeps it so for every
-- write, and links a shipment written with a name alone (an edit by name, the engine, a fixture) to the account's
-- party of that name, created when there is none.
CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parties_account_id_key" UNIQUE("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parties_account_name_idx" ON "parties" USING btree ("account_id",lower("company_name"));--> statement-breakpoint
-- Backfill. Every distinct customer name of an account (trimmed, whatever its case) becomes a party, spelt as its
-- earliest shipment has it; then each shipment points at its name's party. Filling customer_id by UPDATE would
-- write a new version of every shipment into each of the table's twenty-odd indexes (the trigram index above all):
-- most of a minute for 100,000 shipments. Changing the new column's type instead rewrites the table once and
-- builds each index in bulk, several times faster.
INSERT INTO parties (account_id, company_name)
  SELECT DISTINCT ON (s.account_id, lower(btrim(s.customer_name))) s.account_id, btrim(s.customer_name)
  FROM shipments s
  WHERE btrim(s.customer_name) <> ''
  ORDER BY s.account_id, lower(btrim(s.customer_name)), s.created_at, s.id;--> statement-breakpoint
CREATE FUNCTION customer_party_of(account uuid, name text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT p.id FROM parties p WHERE p.account_id = account AND lower(p.company_name) = lower(btrim(name))
$$;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "customer_id" TYPE uuid USING customer_party_of(account_id, customer_name);--> statement-breakpoint
DROP FUNCTION customer_party_of(uuid, text);--> statement-breakpoint
-- The few names spelt otherwise than their party (another case, spaces around) take its spelling; blank ones go.
UPDATE shipments s SET customer_name = p.company_name
  FROM parties p WHERE p.id = s.customer_id AND s.customer_name IS DISTINCT FROM p.company_name;--> statement-breakpoint
UPDATE shipments SET customer_name = NULL WHERE customer_id IS NULL AND customer_name IS NOT NULL;--> statement-breakpoint
-- A shipment's customer is of its own account: the key names both.
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."parties"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The same, for an account's shipments written with names alone while the triggers were off (the seeder's rows
-- come with their customer already; this links whatever else it wrote): few rows, so by UPDATE.
CREATE FUNCTION link_shipment_customers(account uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO parties (account_id, company_name)
    SELECT DISTINCT ON (lower(btrim(s.customer_name))) account, btrim(s.customer_name)
    FROM shipments s
    WHERE s.account_id = account AND s.customer_id IS NULL AND btrim(s.customer_name) <> ''
    ORDER BY lower(btrim(s.customer_name)), s.created_at, s.id
  ON CONFLICT (account_id, lower(company_name)) DO NOTHING;
  UPDATE shipments s SET customer_id = p.id, customer_name = p.company_name
    FROM parties p
    WHERE s.account_id = account AND s.customer_id IS NULL AND btrim(s.customer_name) <> ''
      AND p.account_id = account AND lower(p.company_name) = lower(btrim(s.customer_name));
  UPDATE shipments s SET customer_name = NULL
    WHERE s.account_id = account AND s.customer_id IS NULL AND s.customer_name IS NOT NULL;
$$;--> statement-breakpoint
CREATE INDEX "shipments_account_customer_idx" ON "shipments" USING btree ("account_id","customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE customer_id is not null;--> statement-breakpoint
-- The one rule for customer_name (src/api/parties.ts), for every writer. A change of customer_id (to a party or to
-- none): the party decides the name. A change of customer_name alone (an edit by name, a rename, a fixture): the
-- account's party of that name, case-insensitively, created when there is none; blank clears. Named to run before
-- the search text's trigger, which reads the name it settles; the containers' copies follow it (0014).
CREATE FUNCTION shipment_customer_follows_party() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted text := nullif(btrim(NEW.customer_name), '');
  found uuid;
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.customer_id IS NOT NULL)
      OR (TG_OP = 'UPDATE' AND NEW.customer_id IS DISTINCT FROM OLD.customer_id) THEN
    NULL; -- The party (or none) decides.
  ELSIF wanted IS NULL THEN
    NEW.customer_id := NULL;
  ELSE
    SELECT p.id INTO found FROM parties p
      WHERE p.account_id = NEW.account_id AND lower(p.company_name) = lower(wanted);
    IF found IS NULL THEN
      INSERT INTO parties (account_id, company_name) VALUES (NEW.account_id, wanted)
        ON CONFLICT (account_id, lower(company_name)) DO NOTHING RETURNING id INTO found;
      -- Another transaction created it meanwhile: its row is the one.
      IF found IS NULL THEN
        SELECT p.id INTO found FROM parties p
          WHERE p.account_id = NEW.account_id AND lower(p.company_name) = lower(wanted);
      END IF;
    END IF;
    NEW.customer_id := found;
  END IF;
  NEW.customer_name := (SELECT p.company_name FROM parties p WHERE p.id = NEW.customer_id AND p.account_id = NEW.account_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER shipments_customer_follows_party BEFORE INSERT ON shipments FOR EACH ROW
  WHEN (NEW.customer_id IS NOT NULL OR NEW.customer_name IS NOT NULL)
  EXECUTE FUNCTION shipment_customer_follows_party();--> statement-breakpoint
CREATE TRIGGER shipments_customer_changed_follows_party BEFORE UPDATE ON shipments FOR EACH ROW
  WHEN (NEW.customer_id IS DISTINCT FROM OLD.customer_id OR NEW.customer_name IS DISTINCT FROM OLD.customer_name)
  EXECUTE FUNCTION shipment_customer_follows_party();
