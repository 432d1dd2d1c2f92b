-- The function the FONASA bono's deferred triggers call (migration 20261128000601) in PL/pgSQL instead of SQL: an SQL
-- function called from a trigger plans its five-part statement again on every call, about 1 ms, and a commit that
-- writes many branches calls it once per branch row, insurer row and attribute row (the first seed: about 4,000 calls,
-- 3 s of its COMMIT). PL/pgSQL keeps each statement's plan for the session. Same rule: with a level, FONASA and the
-- bono payment are there, and without one, no public insurer and no bono payment.
CREATE OR REPLACE FUNCTION cl_fonasa_bono_follow_level(lab_id integer) RETURNS void LANGUAGE plpgsql AS E'
DECLARE
  level integer\073
  bono_id integer\073
  bono_type_id integer\073
BEGIN
  SELECT fonasa_level INTO level FROM laboratory WHERE id = lab_id\073
  IF NOT FOUND THEN
    RETURN\073
  END IF\073
  SELECT c.id, c.type_id INTO bono_id, bono_type_id FROM select_list_child c JOIN select_list_type t ON t.id = c.type_id
  WHERE c.code = ''BONO_ELECTRONICO'' AND t.code = ''MEDIOS_PAGO'' ORDER BY c.id LIMIT 1\073
  IF level IS NULL THEN
    DELETE FROM laboratory_insurer li USING insurer i
    WHERE li.laboratory_id = lab_id AND i.id = li.insurer_id AND i.type = ''public''\073
    DELETE FROM laboratory_attribute a WHERE a.laboratory_id = lab_id AND a.select_list_child_id = bono_id\073
  ELSE
    INSERT INTO laboratory_insurer (laboratory_id, insurer_id)
    SELECT lab_id, i.id FROM insurer i WHERE i.code = ''fonasa''
    ON CONFLICT DO NOTHING\073
    INSERT INTO laboratory_attribute (laboratory_id, select_list_type_id, select_list_child_id, updated_at)
    SELECT lab_id, bono_type_id, bono_id, now() WHERE bono_id IS NOT NULL
    ON CONFLICT DO NOTHING\073
  END IF\073
END';
