-- docs/features/operations.md finding 1: admin (and any decision made on an email) needs the provider's
-- email_verified claim. Existing users start unverified; their next sign-in sets it.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;
