-- Data changes: every statement that writes an account's rows logs which account changed, in the writing
-- transaction, so that each service process can drop the answers it keeps in memory (http/response-cache.ts) once
-- they are out of date, whichever process or worker wrote. Vessels and their positions are shared by every
-- account: a write to them logs a row without an account (everything changed).
--
-- Why a log and not NOTIFY: a transaction that notifies takes a database-wide lock for its commit, so concurrent
-- small writes (stop/resume tracking, webhook outcomes) commit one at a time; measured here, 10 clients updating
-- a row went from about 3,200 to 750 commits a second with a NOTIFY, and kept about 2,600 with this insert.
-- Unlogged: the rows matter only to running processes, which start afresh after a crash (db/data-changes.ts).
-- Webhook notifications and their attempts are not logged: every delivery writes them several times, and their
-- answers are not kept (http/response-cache-policy.ts).
CREATE UNLOGGED TABLE data_changes (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- null: rows every account shares changed.
  account_id uuid,
  -- The writing transaction: a reader finds the rows of transactions that were running when it last looked.
  xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);--> statement-breakpoint
CREATE INDEX data_changes_xid_idx ON data_changes (xid);--> statement-breakpoint
CREATE FUNCTION log_account_data_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_changes (account_id) SELECT DISTINCT account_id FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION log_account_data_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_changes (account_id) SELECT DISTINCT account_id FROM old_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only when rows did change: an upsert that found every vessel as it was writes nothing.
CREATE FUNCTION log_shared_data_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_changes (account_id) SELECT NULL WHERE EXISTS (SELECT FROM new_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION log_shared_data_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_changes (account_id) SELECT NULL WHERE EXISTS (SELECT FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shipments', 'containers', 'transport_events', 'raw_events', 'tracking_requests',
    'webhooks']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_new()', t || '_inserted_logged', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_new()', t || '_updated_logged', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_old()', t || '_deleted_logged', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['vessels', 'vessel_positions']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION log_shared_data_new()', t || '_inserted_logged', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION log_shared_data_new()', t || '_updated_logged', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION log_shared_data_old()', t || '_deleted_logged', t);
  END LOOP;
END $$;
