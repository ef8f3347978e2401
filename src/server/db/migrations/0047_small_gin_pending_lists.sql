-- The substring and tag indexes (GIN) keep at most 64 kB of new entries unsorted, instead of PostgreSQL's 4 MB
-- (issue 30 item 15). A GIN index puts each new entry in a pending list that every search then reads whole, until
-- VACUUM or a full list sorts it in; the engine rewrites tracked shipments and containers all day, nearly never as
-- HOT updates (their refresh times are indexed), so each rewrite adds the row's trigrams again. On the
-- 100,000-shipment account, 20 minutes after a vacuum, the shipments' search index held 336 pending pages, and
-- reading them took 4–34 ms of every search (q=Savannah's count: 13 ms of its 37); sorted in, 0.05 ms. At 64 kB the
-- writer that fills the list sorts it in (a few pages at a time), and a search reads at most 8 pages of it.
ALTER INDEX "shipments_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "shipments_tags_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "containers_number_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "tracking_requests_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "documents_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "custom_field_values_text_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
-- What is pending now is sorted in at once rather than by the next writer or VACUUM.
SELECT gin_clean_pending_list(c.oid)
  FROM pg_class c JOIN pg_am a ON a.oid = c.relam
  WHERE a.amname = 'gin' AND c.relname IN ('shipments_search_trgm_idx', 'shipments_tags_idx',
    'containers_number_trgm_idx', 'tracking_requests_search_trgm_idx', 'documents_name_trgm_idx',
    'custom_field_values_text_trgm_idx');
