-- Issue 28, item 3: the request that recorded an event, so the jobs it causes can log it. Nullable, no default: adding it rewrites no row.
ALTER TABLE "outbox_event" ADD COLUMN "request_id" VARCHAR(100);
