-- Issue 30: the whole visit. A branch states the fees it charges apart from the exams (sample taking by
-- kind, once per visit, and an after-hours surcharge with its hours), and each exam says what sample it
-- needs and how to prepare for it. The seed fills the exams from data/reference/exam-preparation.csv,
-- here an existing catalogue gets the default of its FONASA subgroup.
CREATE TYPE "laboratory_fee_kind" AS ENUM ('VENOUS', 'CAPILLARY', 'PEDIATRIC', 'AFTER_HOURS');
CREATE TABLE "laboratory_fee" (
  "laboratory_id" INTEGER NOT NULL REFERENCES "laboratory"("id") ON DELETE CASCADE,
  "kind" "laboratory_fee_kind" NOT NULL,
  "amount" INTEGER NOT NULL CHECK ("amount" > 0 AND "amount" <= 100000),
  "starts_at" VARCHAR(5),
  "ends_at" VARCHAR(5),
  PRIMARY KEY ("laboratory_id", "kind"),
  CHECK (("kind" = 'AFTER_HOURS') = ("starts_at" IS NOT NULL AND "ends_at" IS NOT NULL))
);

CREATE TYPE "exam_sample_kind" AS ENUM ('VENOUS', 'CAPILLARY', 'URINE', 'STOOL', 'SWAB', 'OTHER', 'INCLUDED');
ALTER TABLE "exam"
  ADD COLUMN "sample_kind" "exam_sample_kind" NOT NULL DEFAULT 'VENOUS',
  ADD COLUMN "fasting_hours" SMALLINT NOT NULL DEFAULT 0 CHECK ("fasting_hours" BETWEEN 0 AND 24),
  ADD COLUMN "first_morning_urine" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "collection_24h" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "rest_minutes" SMALLINT NOT NULL DEFAULT 0 CHECK ("rest_minutes" BETWEEN 0 AND 240),
  ADD COLUMN "morning_before" VARCHAR(5),
  ADD COLUMN "preparation_medicines" VARCHAR(300),
  ADD COLUMN "preparation_note" VARCHAR(300);
UPDATE "exam" e SET "sample_kind" = CASE
    WHEN e."name" ILIKE '%incluye toma de muestra%' THEN 'INCLUDED'
    WHEN t."code" = '0309' THEN 'URINE'
    WHEN t."code" IN ('0306', '0307', '0308') THEN 'OTHER'
    ELSE 'VENOUS' END::"exam_sample_kind"
  FROM "exam_type" t WHERE t."id" = e."type_exam_id";

-- The read model: the sample-taking fees and the MLE level at which the branch takes a FONASA bono for them.
ALTER TABLE "search_laboratory"
  ADD COLUMN "fee_venous" INTEGER,
  ADD COLUMN "fee_capillary" INTEGER,
  ADD COLUMN "fee_pediatric" INTEGER,
  ADD COLUMN "bono_level" SMALLINT;
