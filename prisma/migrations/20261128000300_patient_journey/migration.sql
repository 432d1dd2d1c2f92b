-- The patient's journey (issue 19): the profile keeps the previsión, the plan percentage and the comuna
-- that fill the search, and "Mis órdenes" keeps quoted orders to quote again later.

ALTER TABLE "person"
  ADD COLUMN "insurer_id" INTEGER,
  ADD COLUMN "coverage_percentage" SMALLINT,
  ADD COLUMN "comuna_id" INTEGER;
ALTER TABLE "person" ADD CONSTRAINT "person_insurer_id_fkey" FOREIGN KEY ("insurer_id") REFERENCES "insurer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "person" ADD CONSTRAINT "person_comuna_id_fkey" FOREIGN KEY ("comuna_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "person" ADD CONSTRAINT "person_coverage_percentage_check" CHECK ("coverage_percentage" BETWEEN 0 AND 100);

CREATE TABLE "saved_order" (
  "id" SERIAL PRIMARY KEY,
  "person_id" INTEGER NOT NULL,
  "label" VARCHAR(300) NOT NULL,
  "exam_ids" INTEGER[] NOT NULL,
  "comuna_id" INTEGER,
  "region_id" INTEGER,
  "near_locations" BOOLEAN NOT NULL DEFAULT false,
  "insurer_id" INTEGER,
  "coverage_percentage" SMALLINT,
  -- The order's content in one text: saving the same order again updates it instead of adding a copy.
  "content_key" VARCHAR(400) NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "saved_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "saved_order_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "saved_order_comuna_id_fkey" FOREIGN KEY ("comuna_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "saved_order_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "saved_order_insurer_id_fkey" FOREIGN KEY ("insurer_id") REFERENCES "insurer"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "saved_order_coverage_percentage_check" CHECK ("coverage_percentage" BETWEEN 0 AND 100),
  CONSTRAINT "saved_order_exam_ids_check" CHECK (cardinality("exam_ids") BETWEEN 1 AND 30)
);
CREATE UNIQUE INDEX "saved_order_person_id_content_key_key" ON "saved_order"("person_id", "content_key");
CREATE INDEX "saved_order_person_id_saved_at_idx" ON "saved_order"("person_id", "saved_at");
