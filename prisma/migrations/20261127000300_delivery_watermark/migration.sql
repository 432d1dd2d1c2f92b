-- Complete delivery (issue 15): per event consumer, the id up to which every event it subscribes to is
-- known to be processed. The delivery sweeper scans only above it for events to re-drive and to count
-- as backlog, so it does not read the whole history every few seconds.
CREATE TABLE "delivery_watermark" (
    "consumer" VARCHAR(80) NOT NULL,
    "event_id" BIGINT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_watermark_pkey" PRIMARY KEY ("consumer")
);
