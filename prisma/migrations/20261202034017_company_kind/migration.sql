-- CreateEnum
CREATE TYPE "CompanyKind" AS ENUM ('own_fleet', 'factor', 'other');

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "kind" "CompanyKind" NOT NULL DEFAULT 'own_fleet';

-- CreateIndex
CREATE INDEX "Company_organizationId_kind_idx" ON "Company"("organizationId", "kind");

-- Backfill (ADR 094): every company so far was "one of your companies", an own fleet, except the
-- one an agreement already names as its factor.
UPDATE "Company" SET "kind" = 'factor' WHERE "id" IN (SELECT "factorCompanyId" FROM "FactoringAgreement");
