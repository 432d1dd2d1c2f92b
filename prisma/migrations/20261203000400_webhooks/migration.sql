-- Issue 27, item 4: webhooks. A company's endpoints, one delivery per endpoint and event, one row per attempt.
CREATE TYPE "webhook_delivery_status" AS ENUM ('PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED');

CREATE TABLE "webhook_endpoint" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "events" TEXT[] NOT NULL DEFAULT '{}',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "secret" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoint_company_id_idx" ON "webhook_endpoint"("company_id");
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_delivery" (
    "id" SERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "event_id" VARCHAR(80) NOT NULL,
    "event_type" VARCHAR(40) NOT NULL,
    "body" TEXT NOT NULL,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'PENDING',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "next_attempt_at" TIMESTAMP(3),
    "leased_until" TIMESTAMP(3),
    "last_status_code" INTEGER,
    "last_error" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMP(3),
    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_delivery_endpoint_id_event_id_key" ON "webhook_delivery"("endpoint_id", "event_id");
CREATE INDEX "webhook_delivery_endpoint_id_created_at_idx" ON "webhook_delivery"("endpoint_id", "created_at");
-- What the dispatcher polls: only deliveries still to be sent, by when they are due.
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery"("next_attempt_at") WHERE "status" IN ('PENDING', 'RETRYING');
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempt" (
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" VARCHAR(500),
    "response" VARCHAR(1024),
    CONSTRAINT "webhook_attempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_attempt_delivery_id_idx" ON "webhook_attempt"("delivery_id");
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
