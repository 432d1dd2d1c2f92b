-- Refunds of paid orders (issue 13, item 7): an administrator refunds a paid, unredeemed order through the gateway.
-- One refund per order (the whole amount), recorded with who asked, why and what the gateway answered.
CREATE TABLE "sales_order_refund" (
  "id" SERIAL PRIMARY KEY,
  "sales_order_id" INTEGER NOT NULL,
  "payment_id" INTEGER NOT NULL,
  "amount" INTEGER NOT NULL,
  "reason" VARCHAR(300) NOT NULL,
  "requested_by" INTEGER,
  "gateway_type" VARCHAR(20),
  "authorization_code" VARCHAR(20),
  "detail" JSONB,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "sales_order_refund_sales_order_id_fkey" FOREIGN KEY ("sales_order_id") REFERENCES "sales_order"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "sales_order_refund_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "sales_order_refund_requested_by_fkey" FOREIGN KEY ("requested_by") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "sales_order_refund_sales_order_id_key" ON "sales_order_refund"("sales_order_id");

-- The simulator's own book records its refunds, as Webpay does.
ALTER TABLE "simulated_payment" ADD COLUMN "refunded_at" TIMESTAMP(3);
