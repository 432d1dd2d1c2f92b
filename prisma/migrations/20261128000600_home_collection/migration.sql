-- Home collection (issues 13 and 19): the comunas a branch's home sample collection reaches and its fee in each.
-- A branch takes samples at home exactly when it has a row here. The search, the cards, the laboratory page and
-- the checkout all read these rows, and the "Toma de muestra a domicilio" service attribute is written from them.

CREATE TABLE "laboratory_home_comuna" (
  "laboratory_id" INTEGER NOT NULL,
  "comuna_id" INTEGER NOT NULL,
  "fee" INTEGER NOT NULL,
  CONSTRAINT "laboratory_home_comuna_pkey" PRIMARY KEY ("laboratory_id", "comuna_id"),
  CONSTRAINT "laboratory_home_comuna_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "laboratory"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "laboratory_home_comuna_comuna_id_fkey" FOREIGN KEY ("comuna_id") REFERENCES "location"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "laboratory_home_comuna_fee_check" CHECK ("fee" BETWEEN 0 AND 200000)
);
CREATE INDEX "laboratory_home_comuna_comuna_id_idx" ON "laboratory_home_comuna"("comuna_id");

-- Existing branches that state the service keep what checkout charged them until now: 4990 in their own comuna
-- and 7990 in the comunas sharing a border with it.
INSERT INTO "laboratory_home_comuna" ("laboratory_id", "comuna_id", "fee")
SELECT DISTINCT a.laboratory_id, l.comuna_id, 4990
FROM laboratory_attribute a
JOIN select_list_child c ON c.id = a.select_list_child_id AND c.code = 'TOMA_DOMICILIO'
JOIN laboratory l ON l.id = a.laboratory_id
ON CONFLICT DO NOTHING;

INSERT INTO "laboratory_home_comuna" ("laboratory_id", "comuna_id", "fee")
SELECT DISTINCT a.laboratory_id, n.location_id, 7990
FROM laboratory_attribute a
JOIN select_list_child c ON c.id = a.select_list_child_id AND c.code = 'TOMA_DOMICILIO'
JOIN laboratory l ON l.id = a.laboratory_id
JOIN near_location n ON n.near_location_id = l.comuna_id AND n.source = 'ADJACENT' AND n.location_id <> l.comuna_id
ON CONFLICT DO NOTHING;
