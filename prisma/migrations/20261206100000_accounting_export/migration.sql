-- CreateEnum
CREATE TYPE "AccountingFormat" AS ENUM ('qbd_iif', 'qbo_csv', 'xero_csv');

-- CreateEnum
CREATE TYPE "AccountingKind" AS ENUM ('invoices', 'payments', 'settlements', 'fuel', 'work_orders', 'factoring');

-- CreateEnum
CREATE TYPE "AccountingExportStatus" AS ENUM ('queued', 'running', 'ready', 'failed');

-- CreateEnum
CREATE TYPE "AccountingPartyNaming" AS ENUM ('name', 'mc_number');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextAccountingExportNumber" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "AccountingSettings" (
    "organizationId" TEXT NOT NULL,
    "customerNaming" "AccountingPartyNaming" NOT NULL DEFAULT 'name',
    "receivableAccount" TEXT NOT NULL,
    "bankAccount" TEXT NOT NULL,
    "discountAccount" TEXT NOT NULL,
    "salesTaxAccount" TEXT NOT NULL,
    "linehaulAccount" TEXT NOT NULL,
    "linehaulItem" TEXT NOT NULL,
    "fuelSurchargeAccount" TEXT NOT NULL,
    "fuelSurchargeItem" TEXT NOT NULL,
    "detentionAccount" TEXT NOT NULL,
    "detentionItem" TEXT NOT NULL,
    "layoverAccount" TEXT NOT NULL,
    "layoverItem" TEXT NOT NULL,
    "lumperAccount" TEXT NOT NULL,
    "lumperItem" TEXT NOT NULL,
    "tonuAccount" TEXT NOT NULL,
    "tonuItem" TEXT NOT NULL,
    "stopOffAccount" TEXT NOT NULL,
    "stopOffItem" TEXT NOT NULL,
    "otherChargeAccount" TEXT NOT NULL,
    "otherChargeItem" TEXT NOT NULL,
    "payableAccount" TEXT NOT NULL,
    "driverPayAccount" TEXT NOT NULL,
    "driverDeductionAccount" TEXT NOT NULL,
    "driverAdvanceAccount" TEXT NOT NULL,
    "fuelAccount" TEXT NOT NULL,
    "fuelPaymentAccount" TEXT NOT NULL,
    "repairsPartsAccount" TEXT NOT NULL,
    "repairsLaborAccount" TEXT NOT NULL,
    "repairsPaymentAccount" TEXT NOT NULL,
    "factoringFeesAccount" TEXT NOT NULL,
    "factoringReserveAccount" TEXT NOT NULL,
    "factorClearingAccount" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "AccountingSettings_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "AccountingExport" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "format" "AccountingFormat" NOT NULL,
    "fromDate" DATE NOT NULL,
    "toDate" DATE NOT NULL,
    "kinds" "AccountingKind"[],
    "includeExported" BOOLEAN NOT NULL DEFAULT false,
    "recordCount" INTEGER NOT NULL,
    "processedCount" INTEGER NOT NULL DEFAULT 0,
    "status" "AccountingExportStatus" NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "storageKey" TEXT,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "AccountingExport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccountingExportRecord" (
    "id" TEXT NOT NULL,
    "exportId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "kind" "AccountingKind" NOT NULL,
    "recordId" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "reversal" BOOLEAN NOT NULL DEFAULT false,
    "sequence" INTEGER NOT NULL,

    CONSTRAINT "AccountingExportRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountingExport_storageKey_key" ON "AccountingExport"("storageKey");

-- CreateIndex
CREATE INDEX "AccountingExport_organizationId_createdAt_idx" ON "AccountingExport"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "AccountingExport_organizationId_number_key" ON "AccountingExport"("organizationId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "AccountingExportRecord_exportId_sequence_key" ON "AccountingExportRecord"("exportId", "sequence");

-- CreateIndex
CREATE INDEX "AccountingExportRecord_organizationId_kind_recordId_part_idx" ON "AccountingExportRecord"("organizationId", "kind", "recordId", "part");

-- CreateIndex
CREATE UNIQUE INDEX "AccountingExportRecord_exportId_kind_recordId_part_reversal_key" ON "AccountingExportRecord"("exportId", "kind", "recordId", "part", "reversal");

-- AddForeignKey
ALTER TABLE "AccountingSettings" ADD CONSTRAINT "AccountingSettings_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingExportRecord" ADD CONSTRAINT "AccountingExportRecord_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "AccountingExport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingExportRecord" ADD CONSTRAINT "AccountingExportRecord_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A record is taken back at most once (ADR 145): the reversal of a voided invoice comes out in one batch.
CREATE UNIQUE INDEX "AccountingExportRecord_one_reversal" ON "AccountingExportRecord"("organizationId", "kind", "recordId", "part") WHERE "reversal";

ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_range" CHECK ("fromDate" <= "toDate");
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_counts" CHECK ("recordCount" >= 0 AND "processedCount" >= 0 AND "processedCount" <= "recordCount");
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_kinds" CHECK (cardinality("kinds") > 0);
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_ready_file" CHECK ("status" <> 'ready' OR ("storageKey" IS NOT NULL AND "sizeBytes" IS NOT NULL));
