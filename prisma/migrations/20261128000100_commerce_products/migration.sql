-- Commerce (issue 13, part A): products carry a net price and a dated offer instead of an offer flag
-- and a list price, belong to a laboratory branch and its company, and files record their owner
-- company and image size.

DELETE FROM "product" WHERE "laboratory_id" IS NULL OR "company_id" IS NULL;

ALTER TABLE "product"
  DROP COLUMN "list_price",
  DROP COLUMN "is_offer",
  ADD COLUMN "net_price" INTEGER,
  ADD COLUMN "offer_price" INTEGER,
  ADD COLUMN "offer_starts_at" TIMESTAMP(3),
  ADD COLUMN "offer_ends_at" TIMESTAMP(3);
UPDATE "product" SET "net_price" = "price";
ALTER TABLE "product"
  ALTER COLUMN "net_price" SET NOT NULL,
  ALTER COLUMN "company_id" SET NOT NULL,
  ALTER COLUMN "laboratory_id" SET NOT NULL;

ALTER TABLE "product" DROP CONSTRAINT "product_company_id_fkey";
ALTER TABLE "product" ADD CONSTRAINT "product_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "product" ADD CONSTRAINT "product_prices_check" CHECK ("price" >= 0 AND "net_price" >= 0 AND ("offer_price" IS NULL OR "offer_price" >= 0));

CREATE INDEX "product_is_active_offer_ends_at_idx" ON "product"("is_active", "offer_ends_at");

ALTER TABLE "file"
  ADD COLUMN "width" INTEGER,
  ADD COLUMN "height" INTEGER,
  ADD COLUMN "company_id" INTEGER;
CREATE INDEX "file_company_id_created_at_idx" ON "file"("company_id", "created_at");
