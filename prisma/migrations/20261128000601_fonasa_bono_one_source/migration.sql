-- Whether a branch takes the FONASA bono has one source of truth (issue 19): its MLE level (laboratory.fonasa_level,
-- null when it is not in FONASA's Modalidad de Libre Elección). FONASA in its insurer list and the payment method
-- "Bono electrónico FONASA" are derived from the level by the database, whichever writer touches them
-- (the branch form, imports, the seed): at commit, a branch with a level has both, one without has neither.

-- 1. Existing rows keep what patients were shown under the previous rule (a bono needs FONASA AND a level):
-- a level without FONASA, or FONASA without a level, was no bono, so both go.
UPDATE laboratory l SET fonasa_level = NULL
WHERE l.fonasa_level IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id
                  WHERE li.laboratory_id = l.id AND i.type = 'public' AND i.code <> 'fonasa_a' AND i.is_active);

DELETE FROM laboratory_insurer li USING insurer i, laboratory l
WHERE i.id = li.insurer_id AND i.type = 'public' AND l.id = li.laboratory_id AND l.fonasa_level IS NULL;

INSERT INTO laboratory_insurer (laboratory_id, insurer_id)
SELECT l.id, i.id FROM laboratory l CROSS JOIN insurer i
WHERE l.fonasa_level IS NOT NULL AND i.code = 'fonasa'
ON CONFLICT DO NOTHING;

DELETE FROM laboratory_attribute a USING select_list_child c, select_list_type t, laboratory l
WHERE c.id = a.select_list_child_id AND t.id = c.type_id AND c.code = 'BONO_ELECTRONICO' AND t.code = 'MEDIOS_PAGO'
  AND l.id = a.laboratory_id AND l.fonasa_level IS NULL;

INSERT INTO laboratory_attribute (laboratory_id, select_list_type_id, select_list_child_id, updated_at)
SELECT l.id, c.type_id, c.id, now()
FROM laboratory l
CROSS JOIN select_list_child c JOIN select_list_type t ON t.id = c.type_id AND t.code = 'MEDIOS_PAGO'
WHERE l.fonasa_level IS NOT NULL AND c.code = 'BONO_ELECTRONICO'
ON CONFLICT DO NOTHING;

-- 2. From now on the database keeps them in step with the level. The migration runner splits its script at every
-- semicolon, even inside a function body: the logic is one SQL statement, and the trigger functions write theirs as
-- the escape \073 in an E-string.
CREATE FUNCTION cl_fonasa_bono_follow_level(lab_id integer) RETURNS void LANGUAGE sql AS $$
  WITH lab AS (SELECT id, fonasa_level FROM laboratory WHERE id = lab_id),
  fonasa AS (SELECT id FROM insurer WHERE code = 'fonasa'),
  bono AS (
    SELECT c.id, c.type_id FROM select_list_child c JOIN select_list_type t ON t.id = c.type_id
    WHERE c.code = 'BONO_ELECTRONICO' AND t.code = 'MEDIOS_PAGO' ORDER BY c.id LIMIT 1
  ),
  insurers_gone AS (
    DELETE FROM laboratory_insurer li USING insurer i, lab
    WHERE lab.fonasa_level IS NULL AND li.laboratory_id = lab.id AND i.id = li.insurer_id AND i.type = 'public'
    RETURNING li.insurer_id
  ),
  bono_gone AS (
    DELETE FROM laboratory_attribute a USING bono, lab
    WHERE lab.fonasa_level IS NULL AND a.laboratory_id = lab.id AND a.select_list_child_id = bono.id
    RETURNING a.id
  ),
  fonasa_added AS (
    INSERT INTO laboratory_insurer (laboratory_id, insurer_id)
    SELECT lab.id, fonasa.id FROM lab, fonasa WHERE lab.fonasa_level IS NOT NULL
    ON CONFLICT DO NOTHING
    RETURNING insurer_id
  )
  INSERT INTO laboratory_attribute (laboratory_id, select_list_type_id, select_list_child_id, updated_at)
  SELECT lab.id, bono.type_id, bono.id, now() FROM lab, bono WHERE lab.fonasa_level IS NOT NULL
  ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION cl_fonasa_bono_on_laboratory() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM cl_fonasa_bono_follow_level(NEW.id)\073
  RETURN NULL\073
END';

CREATE FUNCTION cl_fonasa_bono_on_branch_row() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM cl_fonasa_bono_follow_level(OLD.laboratory_id)\073
  ELSE
    PERFORM cl_fonasa_bono_follow_level(NEW.laboratory_id)\073
  END IF\073
  RETURN NULL\073
END';

-- Deferred to the commit: a writer may replace the insurer list (delete, then insert) or set the level after it.
CREATE CONSTRAINT TRIGGER laboratory_fonasa_bono AFTER INSERT OR UPDATE OF fonasa_level ON laboratory
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cl_fonasa_bono_on_laboratory();
CREATE CONSTRAINT TRIGGER laboratory_insurer_fonasa_bono AFTER INSERT OR DELETE ON laboratory_insurer
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cl_fonasa_bono_on_branch_row();
CREATE CONSTRAINT TRIGGER laboratory_attribute_fonasa_bono AFTER INSERT OR UPDATE OR DELETE ON laboratory_attribute
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cl_fonasa_bono_on_branch_row();

-- A derived FONASA row written again (a writer listing FONASA for a branch that already has it) is a no-op,
-- not a duplicate-key error.
CREATE FUNCTION cl_laboratory_insurer_skip_derived_duplicate() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF EXISTS (SELECT 1 FROM laboratory_insurer WHERE laboratory_id = NEW.laboratory_id AND insurer_id = NEW.insurer_id)
     AND EXISTS (SELECT 1 FROM insurer WHERE id = NEW.insurer_id AND type = ''public'') THEN
    RETURN NULL\073
  END IF\073
  RETURN NEW\073
END';
CREATE TRIGGER laboratory_insurer_skip_derived_duplicate BEFORE INSERT ON laboratory_insurer
  FOR EACH ROW EXECUTE FUNCTION cl_laboratory_insurer_skip_derived_duplicate();
