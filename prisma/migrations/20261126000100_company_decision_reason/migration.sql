-- Why an administrator rejected a laboratory company, or the note given with its approval (issue 10): mailed to its users and shown in /app/my-company.
ALTER TABLE "company" ADD COLUMN "decision_reason" VARCHAR(500);
