-- Issue 27, item 4: API keys of a company for its own systems, kept as the SHA-256 of their secret, and the first
-- answers to writes sent with an Idempotency-Key header (swept after 24 hours).
CREATE TABLE "api_key" (
  "id" SERIAL PRIMARY KEY,
  "company_id" INTEGER NOT NULL REFERENCES "company"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name" VARCHAR(100) NOT NULL,
  "prefix" VARCHAR(24) NOT NULL,
  "secret_hash" CHAR(64) NOT NULL,
  "created_by_id" INTEGER NOT NULL REFERENCES "person"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_used_at" TIMESTAMP(3),
  "revoked_at" TIMESTAMP(3),
  "revoked_by_id" INTEGER REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "api_key_secret_hash_key" ON "api_key"("secret_hash");
CREATE INDEX "api_key_company_id_idx" ON "api_key"("company_id");

CREATE TABLE "idempotency_record" (
  "caller" VARCHAR(40) NOT NULL,
  "key" VARCHAR(255) NOT NULL,
  "method" VARCHAR(10) NOT NULL,
  "path" VARCHAR(500) NOT NULL,
  "request_hash" CHAR(64) NOT NULL,
  "status" SMALLINT,
  "response" TEXT,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "completed_at" TIMESTAMP(3),
  PRIMARY KEY ("caller", "key")
);
CREATE INDEX "idempotency_record_created_at_idx" ON "idempotency_record"("created_at");
