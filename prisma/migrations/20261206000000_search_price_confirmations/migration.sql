-- When each price was last set or confirmed, projected with the price (issue 32): the search's lines ("vigente desde")
-- and the region's price figures read it from the quote index alone, instead of joining every price they read to the
-- write model. A laboratory confirming its list updates it (the search projector, PriceListConfirmed).
ALTER TABLE "search_laboratory_exam" ADD COLUMN "confirmed_at" TIMESTAMP(3);
UPDATE "search_laboratory_exam" p SET "confirmed_at" = le."confirmed_at"
FROM "laboratory_exam" le WHERE le."laboratory_id" = p."laboratory_id" AND le."exam_id" = p."exam_id";
UPDATE "search_laboratory_exam" SET "confirmed_at" = CURRENT_TIMESTAMP WHERE "confirmed_at" IS NULL;
ALTER TABLE "search_laboratory_exam" ALTER COLUMN "confirmed_at" SET NOT NULL;

DROP INDEX "search_laboratory_exam_quote_idx";
CREATE INDEX "search_laboratory_exam_quote_idx" ON "search_laboratory_exam"("exam_id", "comuna_id", "laboratory_id")
  INCLUDE ("price", "mle_arancel", "mle_copay", "confirmed_at");
