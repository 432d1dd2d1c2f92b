-- Issue 30: Isapre plans as they are written. The UF's value by date, kept by administrators (a cap in UF is
-- turned into pesos with the latest value), and the cap per exam a patient's profile keeps with the plan.
CREATE TABLE "uf_value" (
  "id" SERIAL PRIMARY KEY,
  "valid_on" DATE NOT NULL UNIQUE,
  "value" NUMERIC(10, 2) NOT NULL CHECK ("value" > 0 AND "value" < 1000000),
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
ALTER TABLE "person" ADD COLUMN "coverage_cap_uf" NUMERIC(6, 2) CHECK ("coverage_cap_uf" > 0 AND "coverage_cap_uf" <= 100);
