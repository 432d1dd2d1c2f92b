-- Search read model of PostgresSearchIndex: accent-insensitive matching needs unaccent, fuzzy
-- exam look-up needs pg_trgm. Both ship with PostgreSQL (contrib) and the embedded server.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- lower(unaccent(text)), immutable so that it can back indexes ("Peñalolén" -> "penalolen").
CREATE OR REPLACE FUNCTION cl_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- CreateTable
CREATE TABLE "search_laboratory" (
    "laboratory_id" INTEGER NOT NULL,
    "identifier_name" VARCHAR(200) NOT NULL,
    "name_folded" VARCHAR(200) NOT NULL,
    "company_id" INTEGER NOT NULL,
    "comuna_id" INTEGER NOT NULL,
    "region_id" INTEGER NOT NULL,
    "served_comuna_ids" INTEGER[],
    "insurer_ids" INTEGER[],
    "filter_value_ids" INTEGER[],
    "address_line1" VARCHAR(300) NOT NULL,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "fonasa_level" INTEGER NOT NULL,
    "projected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_laboratory_pkey" PRIMARY KEY ("laboratory_id")
);

-- CreateTable
CREATE TABLE "search_laboratory_exam" (
    "exam_id" INTEGER NOT NULL,
    "laboratory_id" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "fonasa_coverage" INTEGER,

    CONSTRAINT "search_laboratory_exam_pkey" PRIMARY KEY ("exam_id","laboratory_id")
);

-- CreateIndex
CREATE INDEX "search_laboratory_comuna_id_idx" ON "search_laboratory"("comuna_id");

-- CreateIndex
CREATE INDEX "search_laboratory_served_comuna_ids_idx" ON "search_laboratory" USING GIN ("served_comuna_ids");

-- CreateIndex
CREATE INDEX "search_laboratory_insurer_ids_idx" ON "search_laboratory" USING GIN ("insurer_ids");

-- CreateIndex
CREATE INDEX "search_laboratory_filter_value_ids_idx" ON "search_laboratory" USING GIN ("filter_value_ids");

-- CreateIndex
CREATE INDEX "search_laboratory_name_folded_idx" ON "search_laboratory"("name_folded");

-- CreateIndex
CREATE INDEX "search_laboratory_exam_laboratory_id_idx" ON "search_laboratory_exam"("laboratory_id");


-- AddForeignKey
ALTER TABLE "search_laboratory_exam" ADD CONSTRAINT "search_laboratory_exam_laboratory_id_fkey" FOREIGN KEY ("laboratory_id") REFERENCES "search_laboratory"("laboratory_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search history is written by a queue job, whose id makes a retried job write once.
ALTER TABLE "search_history" ADD COLUMN "job_id" VARCHAR(100);
CREATE UNIQUE INDEX "search_history_job_id_key" ON "search_history"("job_id");
