-- Reports (issue 12): truncated IP and opened laboratory on the access log, indexed columns read
-- out of the search filters, copay and completeness per shown laboratory, daily rollups.

ALTER TABLE "access_log" ADD COLUMN "ip" VARCHAR(64), ADD COLUMN "laboratory_id" INTEGER;

ALTER TABLE "search_history"
  ADD COLUMN "comuna_id" INTEGER,
  ADD COLUMN "region_id" INTEGER,
  ADD COLUMN "insurer_id" INTEGER,
  ADD COLUMN "with_near" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "exam_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
  ADD COLUMN "outcome" VARCHAR(10) NOT NULL DEFAULT 'COMPLETE';

-- Searches written before this migration: what their filters said.
UPDATE "search_history" SET
  "comuna_id" = CASE WHEN filters->>'location' ~ '^\d+$' THEN (filters->>'location')::int END,
  "region_id" = CASE WHEN filters->>'locationFk' ~ '^\d+$' THEN (filters->>'locationFk')::int END,
  "insurer_id" = CASE WHEN filters->>'pensionHealtInstitutionId' ~ '^\d+$' THEN (filters->>'pensionHealtInstitutionId')::int END,
  "outcome" = CASE WHEN result_count = 0 THEN 'NONE' ELSE 'COMPLETE' END;

CREATE INDEX "search_history_comuna_id_created_at_idx" ON "search_history"("comuna_id", "created_at");
CREATE INDEX "search_history_region_id_created_at_idx" ON "search_history"("region_id", "created_at");
CREATE INDEX "search_history_session_idx" ON "search_history"("session");
CREATE INDEX "search_history_person_id_created_at_idx" ON "search_history"("person_id", "created_at");

ALTER TABLE "result_history" ADD COLUMN "copay" INTEGER, ADD COLUMN "offers_all" BOOLEAN;

CREATE TABLE "report_batch" (
    "job_id" VARCHAR(100) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "applied_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "report_batch_pkey" PRIMARY KEY ("job_id")
);
CREATE INDEX "report_batch_applied_at_idx" ON "report_batch"("applied_at");

CREATE TABLE "report_search_daily" (
    "day" DATE NOT NULL,
    "comuna_id" INTEGER NOT NULL,
    "region_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "no_result" INTEGER NOT NULL DEFAULT 0,
    "incomplete" INTEGER NOT NULL DEFAULT 0,
    "took_ms_sum" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "report_search_daily_pkey" PRIMARY KEY ("day","comuna_id")
);
CREATE INDEX "report_search_daily_region_id_day_idx" ON "report_search_daily"("region_id", "day");

CREATE TABLE "report_exam_daily" (
    "day" DATE NOT NULL,
    "comuna_id" INTEGER NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "region_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_exam_daily_pkey" PRIMARY KEY ("day","comuna_id","exam_id")
);
CREATE INDEX "report_exam_daily_region_id_day_idx" ON "report_exam_daily"("region_id", "day");

CREATE TABLE "report_laboratory_daily" (
    "day" DATE NOT NULL,
    "laboratory_id" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "position_sum" BIGINT NOT NULL DEFAULT 0,
    "top3" INTEGER NOT NULL DEFAULT 0,
    "opens" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_laboratory_daily_pkey" PRIMARY KEY ("day","laboratory_id")
);
CREATE INDEX "report_laboratory_daily_laboratory_id_day_idx" ON "report_laboratory_daily"("laboratory_id", "day");

CREATE TABLE "report_access_daily" (
    "day" DATE NOT NULL,
    "route" VARCHAR(200) NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "signed_in" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_access_daily_pkey" PRIMARY KEY ("day","route")
);

CREATE TABLE "report_session_daily" (
    "day" DATE NOT NULL,
    "session" BIGINT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "lab_opens" INTEGER NOT NULL DEFAULT 0,
    "carts" INTEGER NOT NULL DEFAULT 0,
    "person_id" INTEGER,
    CONSTRAINT "report_session_daily_pkey" PRIMARY KEY ("day","session")
);
