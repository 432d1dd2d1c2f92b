-- A branch outside FONASA's Modalidad de Libre Elección has no MLE level (it was 1 by default).
ALTER TABLE "laboratory" ALTER COLUMN "fonasa_level" DROP DEFAULT, ALTER COLUMN "fonasa_level" DROP NOT NULL;
ALTER TABLE "search_laboratory" ALTER COLUMN "fonasa_level" DROP NOT NULL;

-- What a FONASA bono is worth at each price's branch (the arancel of its level) and what the patient pays
-- with it (the copay of that level), instead of a "coverage" taken off the private price.
ALTER TABLE "search_laboratory_exam" ADD COLUMN "mle_arancel" INTEGER, ADD COLUMN "mle_copay" INTEGER;
UPDATE "search_laboratory_exam" p
SET mle_arancel = CASE s.fonasa_level WHEN 1 THEN e.fonasa_price_level1 WHEN 2 THEN e.fonasa_price_level2 WHEN 3 THEN e.fonasa_price_level3 END,
    mle_copay   = CASE s.fonasa_level WHEN 1 THEN e.fonasa_copay_level1 WHEN 2 THEN e.fonasa_copay_level2 WHEN 3 THEN e.fonasa_copay_level3 END
FROM "search_laboratory" s, "exam" e
WHERE s.laboratory_id = p.laboratory_id AND e.id = p.exam_id
  AND EXISTS (SELECT 1 FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id
              WHERE li.laboratory_id = p.laboratory_id AND i.type = 'public' AND i.code <> 'fonasa_a' AND i.is_active);
ALTER TABLE "search_laboratory_exam" DROP COLUMN "fonasa_coverage";
