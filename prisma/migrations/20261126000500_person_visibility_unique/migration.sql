-- One grant per person and target (company, laboratory), a missing company or laboratory counting
-- as equal: the old unique index let NULLs differ, so the same grant could be stored many times.

-- Keep the oldest of each set of duplicates, active when any of them was active.
UPDATE "person_visibility" AS k SET "is_active" = true
WHERE NOT k."is_active"
  AND EXISTS (SELECT 1 FROM "person_visibility" AS d
              WHERE d."person_id" = k."person_id" AND d."company_id" IS NOT DISTINCT FROM k."company_id"
                AND d."laboratory_id" IS NOT DISTINCT FROM k."laboratory_id" AND d."is_active")
  AND NOT EXISTS (SELECT 1 FROM "person_visibility" AS o
                  WHERE o."person_id" = k."person_id" AND o."company_id" IS NOT DISTINCT FROM k."company_id"
                    AND o."laboratory_id" IS NOT DISTINCT FROM k."laboratory_id" AND o."id" < k."id");

DELETE FROM "person_visibility" AS d
USING "person_visibility" AS k
WHERE k."person_id" = d."person_id" AND k."company_id" IS NOT DISTINCT FROM d."company_id"
  AND k."laboratory_id" IS NOT DISTINCT FROM d."laboratory_id" AND k."id" < d."id";

DROP INDEX "person_visibility_person_id_company_id_laboratory_id_key";
CREATE UNIQUE INDEX "person_visibility_person_id_company_id_laboratory_id_key"
  ON "person_visibility"("person_id", "company_id", "laboratory_id") NULLS NOT DISTINCT;
