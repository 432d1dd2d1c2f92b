-- The access token a refresh replaced, kept for a grace window (concurrent refreshes of one session).
ALTER TABLE "auth_session" ADD COLUMN "previous_jti" VARCHAR(64), ADD COLUMN "rotated_at" TIMESTAMP(3);
