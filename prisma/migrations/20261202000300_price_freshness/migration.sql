-- Issue 30: price freshness. When the laboratory last set or confirmed each price ("vigente desde"): set by the
-- database whenever the price changes, and by the laboratory confirming its list unchanged (a screen action or an
-- import row that changes nothing). Prices not confirmed in 6 months are marked and left out of the region's figures.
ALTER TABLE "laboratory_exam" ADD COLUMN "confirmed_at" TIMESTAMP(3);
UPDATE "laboratory_exam" SET "confirmed_at" = GREATEST("created_at", coalesce("authorized_at", "created_at"));
ALTER TABLE "laboratory_exam" ALTER COLUMN "confirmed_at" SET NOT NULL, ALTER COLUMN "confirmed_at" SET DEFAULT CURRENT_TIMESTAMP;

-- Semicolons inside the function are written \073: the migration runner splits statements on them.
CREATE FUNCTION laboratory_exam_price_confirmed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF NEW.price IS DISTINCT FROM OLD.price THEN NEW.confirmed_at := CURRENT_TIMESTAMP\073 END IF\073
  RETURN NEW\073
END';
CREATE TRIGGER laboratory_exam_price_confirmed BEFORE UPDATE OF price ON "laboratory_exam"
  FOR EACH ROW EXECUTE FUNCTION laboratory_exam_price_confirmed();
