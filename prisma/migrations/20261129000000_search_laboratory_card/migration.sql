-- The cards' facts projected into the search index (issue 14): a search no longer reads the laboratory, its
-- attributes, insurers and home comunas for the cards of its page. A table of its own, read for the page's branches
-- only: in search_laboratory the facts tripled the rows every search scans for candidates.
CREATE TABLE "search_laboratory_card" (
    "laboratory_id" INTEGER NOT NULL,
    "facts" JSONB NOT NULL,

    CONSTRAINT "search_laboratory_card_pkey" PRIMARY KEY ("laboratory_id")
);

ALTER TABLE "search_laboratory_card" ADD CONSTRAINT "search_laboratory_card_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "search_laboratory"("laboratory_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The cards of the branches already in the index (branchFactsSql as of this migration: from here on the
-- projection writes them).
INSERT INTO "search_laboratory_card" ("laboratory_id", "facts")
SELECT l.id, json_build_object(
    'openingHours', l.opening_hours,
    'walkIn', EXISTS (SELECT 1 FROM laboratory_attribute a JOIN select_list_child c ON c.id = a.select_list_child_id AND c.is_active
                      WHERE a.laboratory_id = l.id AND c.code = 'SIN_HORA'),
    'homeCollection', EXISTS (SELECT 1 FROM laboratory_attribute a JOIN select_list_child c ON c.id = a.select_list_child_id AND c.is_active
                              WHERE a.laboratory_id = l.id AND c.code = 'TOMA_DOMICILIO'),
    'takesFonasaBono', (l.fonasa_level IS NOT NULL AND EXISTS (SELECT 1 FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id
                        WHERE li.laboratory_id = l.id AND i.type = 'public' AND i.code <> 'fonasa_a' AND i.is_active)),
    'homeComunas', (SELECT json_agg(json_build_object('id', h.comuna_id, 'name', c.name, 'fee', h.fee))
                    FROM laboratory_home_comuna h JOIN location c ON c.id = h.comuna_id WHERE h.laboratory_id = l.id))
FROM "search_laboratory" s JOIN "laboratory" l ON l.id = s.laboratory_id;
