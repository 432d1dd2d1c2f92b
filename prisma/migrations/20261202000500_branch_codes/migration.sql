-- Issue 27: every branch has a code, the one its company's price lists name it by: SUC-001, SUC-002... per company
-- for those made without one (a code already taken by the company falls back to SUC- and the branch's id).
WITH numbered AS (
  SELECT l.id, l.company_id, 'SUC-' || lpad((row_number() OVER (PARTITION BY l.company_id ORDER BY l.id))::text, 3, '0') AS code
  FROM "laboratory" l WHERE l."branch_code" IS NULL
)
UPDATE "laboratory" l
SET "branch_code" = CASE WHEN EXISTS (SELECT 1 FROM "laboratory" o WHERE o."company_id" = n.company_id AND o."branch_code" = n.code) THEN 'SUC-' || l."id" ELSE n.code END
FROM numbered n WHERE n.id = l."id";
