-- The live stream's log (GET /v2/stream): each account event gets a position, `stream_seq`, that the stream sends
-- as the SSE id, and a client that reconnects resumes after it. A reader that has read "up to N" must never miss
-- an event that becomes visible later with a number below N (writers run concurrently, in several processes).
--
-- So the numbers are not handed out where events are written (the engine's transactions commit in any order),
-- but by the webhook fan-out, in the statement that marks the events dispatched: the fan-out runs in one process
-- at a time under a transaction-scoped advisory lock, and takes events oldest first, so a batch's numbers are
-- all above every number of the batches that committed before it, and become visible together when it commits
-- (the lock is released only after the commit is visible). Numbers are therefore visible in order, and a reader
-- that reads `stream_seq > N` in order misses nothing. The fan-out numbers every event, subscribed to or not.
-- Events recorded before this migration keep a null: no stream ever sent them, and a resume from before the
-- first numbered event says `resumed: false`. The unique index makes a second numbering fail, never pass.
CREATE SEQUENCE "public"."account_events_stream_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "stream_seq" bigint;--> statement-breakpoint
CREATE INDEX "account_events_account_stream_idx" ON "account_events" USING btree ("account_id","stream_seq") WHERE stream_seq is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_events_stream_idx" ON "account_events" USING btree ("stream_seq") WHERE stream_seq is not null;