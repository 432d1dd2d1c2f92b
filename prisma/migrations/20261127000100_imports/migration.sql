-- Bulk imports (issue 11): the branch code a company uses in its spreadsheets, and the import jobs.
ALTER TABLE "laboratory" ADD COLUMN "branch_code" VARCHAR(40);
CREATE UNIQUE INDEX "laboratory_company_id_branch_code_key" ON "laboratory"("company_id", "branch_code");

CREATE TABLE "import_job" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "status" VARCHAR(12) NOT NULL,
    "company_id" INTEGER,
    "created_by_id" INTEGER,
    "file_name" VARCHAR(255) NOT NULL,
    "file_size" INTEGER NOT NULL,
    "format" VARCHAR(4) NOT NULL,
    "sheet" VARCHAR(100),
    "all_or_nothing" BOOLEAN NOT NULL DEFAULT false,
    "context" JSONB NOT NULL,
    "rows_total" INTEGER NOT NULL,
    "to_create" INTEGER NOT NULL,
    "to_update" INTEGER NOT NULL,
    "unchanged" INTEGER NOT NULL,
    "with_errors" INTEGER NOT NULL,
    "large_price_changes" INTEGER NOT NULL,
    "last_row" INTEGER NOT NULL DEFAULT 0,
    "rows_done" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged_done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "failure_message" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    CONSTRAINT "import_job_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "import_job_company_id_created_at_idx" ON "import_job"("company_id", "created_at");
CREATE INDEX "import_job_status_idx" ON "import_job"("status");
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "import_row" (
    "import_id" INTEGER NOT NULL,
    "row" INTEGER NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "label" VARCHAR(300) NOT NULL,
    "data" JSONB,
    "errors" JSONB,
    "previous_price" INTEGER,
    "next_price" INTEGER,
    "large_price_change" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "import_row_pkey" PRIMARY KEY ("import_id", "row")
);
ALTER TABLE "import_row" ADD CONSTRAINT "import_row_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "import_job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "import_file_chunk" (
    "import_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    CONSTRAINT "import_file_chunk_pkey" PRIMARY KEY ("import_id", "seq")
);
ALTER TABLE "import_file_chunk" ADD CONSTRAINT "import_file_chunk_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "import_job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
