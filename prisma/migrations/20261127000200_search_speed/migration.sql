-- Search speed (issue 14).

-- A search reads the prices of its exams in the comunas of the laboratories it matched, not every
-- price of those exams nationwide: prices carry their laboratory's comuna, and a covering index
-- (exam, comuna, laboratory) holds what a quote reads (price and the FONASA bono at the branch's
-- level), so that these reads are index-only scans (with an all-visible map: `search:reindex`
-- vacuums after rebuilding) instead of a heap page visit per price.
ALTER TABLE "search_laboratory_exam" ADD COLUMN "comuna_id" INTEGER;
UPDATE "search_laboratory_exam" p SET "comuna_id" = s."comuna_id" FROM "search_laboratory" s WHERE s."laboratory_id" = p."laboratory_id";
ALTER TABLE "search_laboratory_exam" ALTER COLUMN "comuna_id" SET NOT NULL;
CREATE INDEX "search_laboratory_exam_quote_idx" ON "search_laboratory_exam"("exam_id", "comuna_id", "laboratory_id")
  INCLUDE ("price", "mle_arancel", "mle_copay");

-- The search facet of comunas counts the laboratories of a region.
CREATE INDEX "search_laboratory_region_id_idx" ON "search_laboratory"("region_id");

-- The outbox relay polls for unpublished events every second and on every commit, and published rows
-- pile up (hundreds of thousands) that the relay never reads again.
CREATE INDEX "outbox_event_unpublished_idx" ON "outbox_event"("id") WHERE "published_at" IS NULL;

-- What people type in the exam look-up that the catalogue does not know (for the reports): one row
-- per accent- and case-folded term, counted.
CREATE TABLE "exam_lookup_miss" (
    "term" VARCHAR(100) NOT NULL,
    "last_typed" VARCHAR(100) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "first_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_lookup_miss_pkey" PRIMARY KEY ("term")
);
CREATE INDEX "exam_lookup_miss_last_seen_at_idx" ON "exam_lookup_miss"("last_seen_at");
