-- Events carry the version of their payload's shape, so consumers can read older rows.
ALTER TABLE "outbox_event" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
