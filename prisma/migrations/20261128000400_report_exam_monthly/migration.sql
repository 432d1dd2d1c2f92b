-- Exams searched per calendar month and region: a 12-month dashboard sums a dozen rows per exam
-- instead of every day and comuna. Filled from the daily rollup once, then kept by the writers.
CREATE TABLE "report_exam_monthly" (
    "month" DATE NOT NULL,
    "region_id" INTEGER NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_exam_monthly_pkey" PRIMARY KEY ("month","region_id","exam_id")
);

INSERT INTO "report_exam_monthly" ("month", "region_id", "exam_id", "searches", "sessions")
SELECT date_trunc('month', "day")::date, "region_id", "exam_id", sum("searches")::int, sum("sessions")::int
FROM "report_exam_daily"
GROUP BY 1, 2, 3;
