-- Commerce (issue 13, part B): sales orders get their laboratory, voucher link, idempotency key and
-- life cycle (redeemed, expired), lines record what was bought, and payments their gateway attempts.
-- No code wrote sales orders before this migration: the table is empty wherever it runs.

ALTER TYPE "sales_order_status" ADD VALUE IF NOT EXISTS 'REDEEMED' AFTER 'PAID';
ALTER TYPE "sales_order_status" ADD VALUE IF NOT EXISTS 'EXPIRED' AFTER 'REDEEMED';

ALTER TABLE "sales_order"
  ADD COLUMN "laboratory_id" INTEGER NOT NULL,
  ADD COLUMN "company_id" INTEGER NOT NULL,
  ADD COLUMN "access_key" VARCHAR(64) NOT NULL,
  ADD COLUMN "idempotency_key" VARCHAR(100) NOT NULL,
  ADD COLUMN "request_hash" VARCHAR(64) NOT NULL,
  ADD COLUMN "shipping_fee" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "home_comuna_id" INTEGER,
  ADD COLUMN "home_address" VARCHAR(300),
  ADD COLUMN "valid_until" TIMESTAMP(3),
  ADD COLUMN "redeemed_at" TIMESTAMP(3),
  ADD COLUMN "closed_at" TIMESTAMP(3),
  ADD COLUMN "failure_reason" VARCHAR(300);
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "sales_order" ADD CONSTRAINT "sales_order_amounts_check" CHECK ("subtotal" >= 0 AND "total" >= 0 AND "shipping_fee" >= 0);
CREATE UNIQUE INDEX "sales_order_idempotency_key_key" ON "sales_order"("idempotency_key");
CREATE INDEX "sales_order_company_id_created_at_idx" ON "sales_order"("company_id", "created_at");
CREATE INDEX "sales_order_status_valid_until_idx" ON "sales_order"("status", "valid_until");

ALTER TABLE "sales_order_line"
  ADD COLUMN "kind" VARCHAR(10) NOT NULL DEFAULT 'EXAM',
  ADD COLUMN "laboratory_exam_id" INTEGER,
  ADD COLUMN "exam_id" INTEGER,
  ADD COLUMN "description" TEXT,
  ADD COLUMN "preparation" TEXT;
ALTER TABLE "sales_order_line" ADD CONSTRAINT "sales_order_line_quantity_check" CHECK ("quantity" > 0 AND "unit_price" >= 0);

CREATE TABLE "payment" (
  "id" SERIAL PRIMARY KEY,
  "sales_order_id" INTEGER NOT NULL REFERENCES "sales_order"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "gateway" VARCHAR(20) NOT NULL,
  "token" VARCHAR(100) NOT NULL,
  "buy_order" VARCHAR(26) NOT NULL,
  "amount" INTEGER NOT NULL,
  "status" VARCHAR(20) NOT NULL DEFAULT 'CREATED',
  "authorization_code" VARCHAR(20),
  "response_code" INTEGER,
  "card_last4" VARCHAR(4),
  "detail" JSONB,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "settled_at" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "payment_token_key" ON "payment"("token");
CREATE INDEX "payment_sales_order_id_idx" ON "payment"("sales_order_id");

CREATE TABLE "simulated_payment" (
  "token" VARCHAR(100) PRIMARY KEY,
  "buy_order" VARCHAR(26) NOT NULL,
  "session_id" VARCHAR(61) NOT NULL,
  "amount" INTEGER NOT NULL,
  "return_url" VARCHAR(300) NOT NULL,
  "decision" VARCHAR(20),
  "committed" BOOLEAN NOT NULL DEFAULT false,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
