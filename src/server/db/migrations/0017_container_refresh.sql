-- PATCH /v2/containers/{id}/refresh: when a user last asked for the container to be refreshed now (real time), so that
-- the one-refresh-a-minute limit per container holds across service processes (read and written under the row lock).
ALTER TABLE "containers" ADD COLUMN "refresh_requested_at" timestamp with time zone;
