-- Issue 18: how commonly each exam is ordered (0-100), the exam look-up's prior.
ALTER TABLE "exam" ADD COLUMN "commonness" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "exam" ADD CONSTRAINT "exam_commonness_range" CHECK ("commonness" BETWEEN 0 AND 100);

-- A catalogue seeded before this migration gets the values of data/reference/exam-commonness.csv
-- (a fresh one gets them from the seed). updated_at moves so running look-ups rebuild their index.
UPDATE "exam" e SET "commonness" = v.commonness, "updated_at" = now()
FROM (VALUES
  ('0301045', 100), ('0302047', 98), ('0302034', 96), ('0302023', 94), ('0309022', 92),
  ('0302075', 90), ('0303024', 88), ('0301041', 86), ('0306011', 84), ('0302076', 82),
  ('0303026', 80), ('0305031', 78), ('0302057', 76), ('0302032', 74), ('0301086', 72),
  ('0302005', 70), ('0302078', 68), ('0301026', 66), ('0302077', 64), ('0301059', 62),
  ('0302067', 60), ('0302064', 56), ('0302063', 50), ('0302068', 30), ('0305070', 46),
  ('0303017', 44), ('0301034', 44), ('0303014', 40), ('0302015', 40)
) AS v(code, commonness)
WHERE e.code = v.code AND e.commonness = 0;
