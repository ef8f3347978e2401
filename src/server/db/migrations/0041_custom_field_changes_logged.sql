-- Custom field values log the accounts they change (migration 0010's data_changes), as shipments and containers do:
-- answers kept in memory that read them (GET /v2/search finds records by a short-text value) are dropped in every
-- service process once another process, or the engine's carry-over from a tracking request, writes one.
CREATE TRIGGER custom_field_values_inserted_logged AFTER INSERT ON custom_field_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_new();--> statement-breakpoint
CREATE TRIGGER custom_field_values_updated_logged AFTER UPDATE ON custom_field_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_new();--> statement-breakpoint
CREATE TRIGGER custom_field_values_deleted_logged AFTER DELETE ON custom_field_values REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_account_data_old();
