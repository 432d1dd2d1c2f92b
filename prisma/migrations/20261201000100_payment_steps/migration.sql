-- Payments and refunds record what they are about to ask the gateway before asking it, outside any
-- transaction, and a sweep reconciles one whose answer was never recorded with the gateway's own record.
ALTER TABLE "payment" ADD COLUMN "commit_started_at" TIMESTAMP(3);
ALTER TABLE "sales_order_refund" ADD COLUMN "state" VARCHAR(20) NOT NULL DEFAULT 'DONE';
CREATE INDEX "payment_committing_idx" ON "payment" ("commit_started_at") WHERE "status" = 'COMMITTING';
CREATE INDEX "sales_order_refund_requested_idx" ON "sales_order_refund" ("created_at") WHERE "state" = 'REQUESTED';
