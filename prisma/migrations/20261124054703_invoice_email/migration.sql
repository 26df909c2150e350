-- CreateEnum
CREATE TYPE "InvoiceEmailStatus" AS ENUM ('queued', 'sent', 'failed', 'no_address');

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "emailAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "emailError" TEXT,
ADD COLUMN     "emailStatus" "InvoiceEmailStatus",
ADD COLUMN     "emailTo" TEXT,
ADD COLUMN     "emailedAt" TIMESTAMPTZ(3),
ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';

-- Hand-written: the language is one of the app's five codes.
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_language_check" CHECK ("language" IN ('en', 'fr', 'vi', 'cn', 'ar'));
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_emailAttempts_check" CHECK ("emailAttempts" >= 0);
