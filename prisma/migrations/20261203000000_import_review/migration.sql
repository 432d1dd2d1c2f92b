-- Issue 27, item 2: the price import's review. Each price row keeps the references it was checked against (the
-- FONASA arancel and the median of the region's authorized prices for that exam), the alerts it raised, and
-- whether the person left it out before confirming. The import counts its alerts, the rows left out, and the
-- prices it left waiting for an administrator.
ALTER TABLE "import_row"
  ADD COLUMN "fonasa_arancel" INTEGER,
  ADD COLUMN "region_median" INTEGER,
  ADD COLUMN "flags" VARCHAR(20)[] NOT NULL DEFAULT '{}',
  ADD COLUMN "excluded" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "import_job"
  ADD COLUMN "flagged" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "excluded" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "pending_authorization" INTEGER NOT NULL DEFAULT 0;
