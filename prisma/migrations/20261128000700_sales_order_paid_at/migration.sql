-- The reports' funnel counts the orders paid in a period.
CREATE INDEX "sales_order_paid_at_idx" ON "sales_order"("paid_at");
