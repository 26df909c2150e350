-- Company names become case-insensitive (CITEXT, docs/decisions/011). Names that differ only in
-- case inside one organization would make the unique index refuse the change: the oldest keeps
-- its name, the others get " (2)", " (3)" … so existing data stays valid.
UPDATE "Company" AS c SET "name" = c."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", ROW_NUMBER() OVER (PARTITION BY "organizationId", lower("name") ORDER BY "createdAt", "id") AS n FROM "Company"
) AS d
WHERE c."id" = d."id" AND d.n > 1;

-- A user's company is no longer cleared when the company is deleted: the delete is refused
-- instead, like trucks and trailers (nothing referenced is silently changed).
-- DropForeignKey
ALTER TABLE "User" DROP CONSTRAINT "User_companyId_fkey";

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "addressLine1" TEXT,
ADD COLUMN     "addressLine2" TEXT,
ADD COLUMN     "city" TEXT,
ADD COLUMN     "country" TEXT,
ADD COLUMN     "customFields" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "dotNumber" TEXT,
ADD COLUMN     "email" TEXT,
ADD COLUMN     "factoringName" TEXT,
ADD COLUMN     "factoringRemitTo" TEXT,
ADD COLUMN     "legalName" TEXT,
ADD COLUMN     "mcNumber" TEXT,
ADD COLUMN     "notes" TEXT,
ADD COLUMN     "phone" TEXT,
ADD COLUMN     "postalCode" TEXT,
ADD COLUMN     "scac" TEXT,
ADD COLUMN     "state" TEXT,
ALTER COLUMN "name" SET DATA TYPE CITEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Company_organizationId_mcNumber_key" ON "Company"("organizationId", "mcNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Company_organizationId_dotNumber_key" ON "Company"("organizationId", "dotNumber");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
