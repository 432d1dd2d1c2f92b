-- Issue 28: periodic work (sweeps, expiries) runs once per period whatever the number of worker processes: each
-- tick claims the period here, and only the process whose claim moves next_at runs it.
CREATE TABLE "periodic_run" (
  "what" VARCHAR(80) PRIMARY KEY,
  "next_at" TIMESTAMP(3) NOT NULL
);
