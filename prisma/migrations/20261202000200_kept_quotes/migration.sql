-- Issue 30: a quote to keep. A patient's quote of an order at one laboratory, kept under a reference for 30 days
-- (/cotizacion/{ref}): what was asked and what was quoted then, so that opening it again re-quotes and says what changed.
CREATE TABLE "kept_quote" (
  "id" SERIAL PRIMARY KEY,
  "ref" VARCHAR(16) NOT NULL UNIQUE,
  "laboratory_id" INTEGER NOT NULL REFERENCES "laboratory"("id") ON DELETE CASCADE,
  "request" JSONB NOT NULL,
  "snapshot" JSONB NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "valid_until" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "kept_quote_valid_until_idx" ON "kept_quote" ("valid_until");
