-- What a search showed, kept on the search's own row (issue 32): a row per laboratory shown made the history about
-- ten rows and thirty index entries per search, more of the database's work than the search itself under load.
ALTER TABLE "search_history" ADD COLUMN "shown" JSONB NOT NULL DEFAULT '[]';

UPDATE "search_history" h SET "shown" = r.shown
FROM (
  SELECT "search_history_id", jsonb_agg(jsonb_build_object('laboratoryId', "laboratory_id", 'position', "position", 'total', "total",
    'copay', "copay", 'offersAll', "offers_all") ORDER BY "position", "id") AS shown
  FROM "result_history" GROUP BY 1
) r WHERE h."id" = r."search_history_id";

-- The branch's report counts its positions from the daily rollup (element i counts position i, the last element
-- every position past the ones kept one by one), instead of from the raw rows: no row per laboratory shown is
-- needed, and the positions outlive the raw history's retention like the rest of the rollup.
ALTER TABLE "report_laboratory_daily" ADD COLUMN "positions" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- Element-wise sum of two count arrays, for the rollup's upsert. In PL/pgSQL: the same as one SQL statement over
-- generate_series took four times the CPU per row (measured on 20,000 rows), and it runs for each branch a batch shows.
-- The body's statement ends are written \x3B: the migration runner splits a script at every semicolon, even quoted.
CREATE FUNCTION "add_counts"(a INTEGER[], b INTEGER[]) RETURNS INTEGER[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS E'
DECLARE
  total INTEGER[] := coalesce(a, ARRAY[]::INTEGER[])\x3B
BEGIN
  FOR i IN 1 .. coalesce(cardinality(b), 0) LOOP
    total[i] := coalesce(total[i], 0) + coalesce(b[i], 0)\x3B
  END LOOP\x3B
  RETURN total\x3B
END
';

WITH counts AS (
  SELECT ("created_at" AT TIME ZONE 'UTC' AT TIME ZONE 'America/Santiago')::date AS day, "laboratory_id",
         least("position", 101) AS position, count(*)::int AS n
  FROM "result_history" WHERE "position" >= 1 GROUP BY 1, 2, 3
), histograms AS (
  SELECT m.day, m."laboratory_id", array_agg(coalesce(c.n, 0) ORDER BY p) AS positions
  FROM (SELECT day, "laboratory_id", max(position) AS top FROM counts GROUP BY 1, 2) m
  CROSS JOIN LATERAL generate_series(1, m.top) AS p
  LEFT JOIN counts c ON c.day = m.day AND c."laboratory_id" = m."laboratory_id" AND c.position = p
  GROUP BY 1, 2
)
UPDATE "report_laboratory_daily" d SET "positions" = histograms.positions
FROM histograms WHERE d."day" = histograms.day AND d."laboratory_id" = histograms."laboratory_id";

-- Room on each page of the rollups for a row's next version: adding to a rollup row then rewrites it on its own page
-- (a HOT update, no new index entry) instead of adding an entry to each of its indexes for every batch that counts in
-- it. Pages written from now on keep the room.
ALTER TABLE "report_access_daily" SET (fillfactor = 70);
ALTER TABLE "report_exam_country_daily" SET (fillfactor = 70);
ALTER TABLE "report_exam_country_monthly" SET (fillfactor = 70);
ALTER TABLE "report_exam_daily" SET (fillfactor = 70);
ALTER TABLE "report_exam_monthly" SET (fillfactor = 70);
ALTER TABLE "report_exam_region_daily" SET (fillfactor = 70);
ALTER TABLE "report_laboratory_daily" SET (fillfactor = 70);
ALTER TABLE "report_laboratory_monthly" SET (fillfactor = 70);
ALTER TABLE "report_person_daily" SET (fillfactor = 70);
ALTER TABLE "report_search_daily" SET (fillfactor = 70);
ALTER TABLE "report_search_monthly" SET (fillfactor = 70);
ALTER TABLE "report_search_region_daily" SET (fillfactor = 70);
ALTER TABLE "report_session_daily" SET (fillfactor = 70);
ALTER TABLE "report_site_daily" SET (fillfactor = 70);

DROP TABLE "result_history";
