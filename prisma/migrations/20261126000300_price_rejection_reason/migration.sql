-- Why an administrator rejected a laboratory's price (issue 10): shown to the provider.
ALTER TABLE "laboratory_exam" ADD COLUMN "rejection_reason" TEXT;
