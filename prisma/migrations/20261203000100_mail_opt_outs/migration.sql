-- Issue 27, item 3: each person may turn off the mail kinds about the back office's work (price decisions, company
-- sign-ups, the daily digest of the authorization queue). The kinds are named by the application, not by the table.
ALTER TABLE "app_user" ADD COLUMN "mail_opt_outs" TEXT[] NOT NULL DEFAULT '{}';
