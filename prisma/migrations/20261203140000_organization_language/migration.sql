-- ADR 128: the language of the organization's documents (the fuel tax return, trip sheets).
-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';

-- Hand-written: the language is one of the app's five codes.
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_language_check" CHECK ("language" IN ('en', 'fr', 'vi', 'cn', 'ar'));
