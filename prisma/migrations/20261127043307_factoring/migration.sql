-- CreateEnum
CREATE TYPE "FactoringScheduleStatus" AS ENUM ('open', 'sent', 'purchased', 'void');

-- AlterTable
ALTER TABLE "Broker" ADD COLUMN     "sendPacket" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextScheduleNumber" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "FactoringAgreement" (
    "organizationId" TEXT NOT NULL,
    "factorCompanyId" TEXT NOT NULL,
    "advanceBasisPoints" INTEGER NOT NULL,
    "feeBasisPoints" INTEGER NOT NULL,
    "factorEmail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "FactoringAgreement_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "FactoringSchedule" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "status" "FactoringScheduleStatus" NOT NULL DEFAULT 'open',
    "factorName" TEXT NOT NULL,
    "factorEmail" TEXT,
    "advanceBasisPoints" INTEGER NOT NULL,
    "feeBasisPoints" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "advanceCents" INTEGER NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "reserveCents" INTEGER NOT NULL,
    "reserveReleasedCents" INTEGER NOT NULL DEFAULT 0,
    "reserveReleasedAt" DATE,
    "purchasedAt" DATE,
    "sentAt" TIMESTAMPTZ(3),
    "emailStatus" "InvoiceEmailStatus",
    "emailedAt" TIMESTAMPTZ(3),
    "emailError" TEXT,
    "voidedAt" TIMESTAMPTZ(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "FactoringSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FactoringScheduleItem" (
    "id" TEXT NOT NULL,
    "scheduleId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "liveInvoiceId" TEXT,
    "invoiceNumber" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "advanceCents" INTEGER NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "reserveCents" INTEGER NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FactoringScheduleItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FactoringSchedule_organizationId_status_createdAt_idx" ON "FactoringSchedule"("organizationId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "FactoringSchedule_organizationId_purchasedAt_idx" ON "FactoringSchedule"("organizationId", "purchasedAt");

-- CreateIndex
CREATE UNIQUE INDEX "FactoringSchedule_organizationId_number_key" ON "FactoringSchedule"("organizationId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "FactoringScheduleItem_liveInvoiceId_key" ON "FactoringScheduleItem"("liveInvoiceId");

-- CreateIndex
CREATE INDEX "FactoringScheduleItem_scheduleId_sortOrder_idx" ON "FactoringScheduleItem"("scheduleId", "sortOrder");

-- CreateIndex
CREATE INDEX "FactoringScheduleItem_invoiceId_idx" ON "FactoringScheduleItem"("invoiceId");

-- AddForeignKey
ALTER TABLE "FactoringAgreement" ADD CONSTRAINT "FactoringAgreement_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactoringAgreement" ADD CONSTRAINT "FactoringAgreement_factorCompanyId_fkey" FOREIGN KEY ("factorCompanyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactoringSchedule" ADD CONSTRAINT "FactoringSchedule_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactoringScheduleItem" ADD CONSTRAINT "FactoringScheduleItem_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "FactoringSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactoringScheduleItem" ADD CONSTRAINT "FactoringScheduleItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
