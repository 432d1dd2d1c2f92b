-- Issue 32, item 2: rollups that let the 12-month dashboard read a few tens of thousands of rows whatever
-- the traffic. Each new table is a sum of a rollup that already exists (so the dashboard's figures stay
-- exactly what they were), kept by the same worker transaction that writes the raw rows and the daily
-- rollups, and filled below from those rollups (not from the raw rows, which are pruned after a retention).

-- A day of the whole site, from the per-session-per-day rows: visits, sessions with a visit, distinct
-- persons signed in, and the funnel (every session of the day, those that searched, then opened a
-- laboratory, then reached the cart).
CREATE TABLE "report_site_daily" (
    "day" DATE NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    "signed_in" INTEGER NOT NULL DEFAULT 0,
    "funnel_sessions" INTEGER NOT NULL DEFAULT 0,
    "funnel_searched" INTEGER NOT NULL DEFAULT 0,
    "funnel_opened" INTEGER NOT NULL DEFAULT 0,
    "funnel_cart" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_site_daily_pkey" PRIMARY KEY ("day")
);

-- How many session rows of a day carry each person: the distinct persons of a day stay exact when a
-- session signs in as someone else (its row then changes person).
CREATE TABLE "report_person_daily" (
    "day" DATE NOT NULL,
    "person_id" INTEGER NOT NULL,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_person_daily_pkey" PRIMARY KEY ("day","person_id")
);

-- Searches per day and region (the region each daily comuna row was counted under).
CREATE TABLE "report_search_region_daily" (
    "day" DATE NOT NULL,
    "region_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "no_result" INTEGER NOT NULL DEFAULT 0,
    "incomplete" INTEGER NOT NULL DEFAULT 0,
    "took_ms_sum" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "report_search_region_daily_pkey" PRIMARY KEY ("day","region_id")
);

-- Searches per calendar month (its first day), comuna and region.
CREATE TABLE "report_search_monthly" (
    "month" DATE NOT NULL,
    "comuna_id" INTEGER NOT NULL,
    "region_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "no_result" INTEGER NOT NULL DEFAULT 0,
    "incomplete" INTEGER NOT NULL DEFAULT 0,
    "took_ms_sum" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "report_search_monthly_pkey" PRIMARY KEY ("month","comuna_id","region_id")
);

-- A laboratory per calendar month: shown, positions, first three, opened.
CREATE TABLE "report_laboratory_monthly" (
    "month" DATE NOT NULL,
    "laboratory_id" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "position_sum" BIGINT NOT NULL DEFAULT 0,
    "top3" INTEGER NOT NULL DEFAULT 0,
    "opens" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_laboratory_monthly_pkey" PRIMARY KEY ("month","laboratory_id")
);

-- Exams per day and region (the region each daily comuna row was counted under), keyed by region first:
-- a dashboard narrowed to a region reads one range.
CREATE TABLE "report_exam_region_daily" (
    "region_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_exam_region_daily_pkey" PRIMARY KEY ("region_id","day","exam_id")
);

-- Exams per day, and per calendar month, over the whole country.
CREATE TABLE "report_exam_country_daily" (
    "day" DATE NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_exam_country_daily_pkey" PRIMARY KEY ("day","exam_id")
);

CREATE TABLE "report_exam_country_monthly" (
    "month" DATE NOT NULL,
    "exam_id" INTEGER NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "report_exam_country_monthly_pkey" PRIMARY KEY ("month","exam_id")
);

-- A dashboard narrowed to a region reads its months from here.
CREATE INDEX "report_exam_monthly_region_id_month_idx" ON "report_exam_monthly"("region_id", "month");

-- The backfill: every statement below is a sum of rollups the dashboard read until now.
INSERT INTO "report_site_daily" ("day", "visits", "sessions", "signed_in", "funnel_sessions", "funnel_searched", "funnel_opened", "funnel_cart")
SELECT "day", sum("visits"), count(*) FILTER (WHERE "visits" > 0), count(DISTINCT "person_id"), count(*),
  count(*) FILTER (WHERE "searches" > 0), count(*) FILTER (WHERE "searches" > 0 AND "lab_opens" > 0),
  count(*) FILTER (WHERE "searches" > 0 AND "lab_opens" > 0 AND "carts" > 0)
FROM "report_session_daily" GROUP BY "day";

INSERT INTO "report_person_daily" ("day", "person_id", "sessions")
SELECT "day", "person_id", count(*) FROM "report_session_daily" WHERE "person_id" IS NOT NULL GROUP BY "day", "person_id";

INSERT INTO "report_search_region_daily" ("day", "region_id", "searches", "no_result", "incomplete", "took_ms_sum")
SELECT "day", "region_id", sum("searches"), sum("no_result"), sum("incomplete"), sum("took_ms_sum")
FROM "report_search_daily" GROUP BY "day", "region_id";

INSERT INTO "report_search_monthly" ("month", "comuna_id", "region_id", "searches", "no_result", "incomplete", "took_ms_sum")
SELECT date_trunc('month', "day")::date, "comuna_id", "region_id", sum("searches"), sum("no_result"), sum("incomplete"), sum("took_ms_sum")
FROM "report_search_daily" GROUP BY 1, 2, 3;

INSERT INTO "report_laboratory_monthly" ("month", "laboratory_id", "impressions", "position_sum", "top3", "opens")
SELECT date_trunc('month', "day")::date, "laboratory_id", sum("impressions"), sum("position_sum"), sum("top3"), sum("opens")
FROM "report_laboratory_daily" GROUP BY 1, 2;

INSERT INTO "report_exam_region_daily" ("region_id", "day", "exam_id", "searches", "sessions")
SELECT "region_id", "day", "exam_id", sum("searches"), sum("sessions") FROM "report_exam_daily" GROUP BY 1, 2, 3;

INSERT INTO "report_exam_country_daily" ("day", "exam_id", "searches", "sessions")
SELECT "day", "exam_id", sum("searches"), sum("sessions") FROM "report_exam_daily" GROUP BY 1, 2;

INSERT INTO "report_exam_country_monthly" ("month", "exam_id", "searches", "sessions")
SELECT "month", "exam_id", sum("searches"), sum("sessions") FROM "report_exam_monthly" GROUP BY 1, 2;
