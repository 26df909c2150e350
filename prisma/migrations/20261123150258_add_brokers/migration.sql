-- CreateEnum
CREATE TYPE "BrokerStatus" AS ENUM ('active', 'on_hold', 'inactive');

-- CreateEnum
CREATE TYPE "PaymentTerms" AS ENUM ('due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60', 'quick_pay');

-- CreateTable
CREATE TABLE "Broker" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" CITEXT NOT NULL,
    "mcNumber" TEXT,
    "dotNumber" TEXT,
    "contactName" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "billingEmail" TEXT,
    "addressLine1" TEXT,
    "addressLine2" TEXT,
    "city" TEXT,
    "state" TEXT,
    "postalCode" TEXT,
    "country" TEXT,
    "paymentTerms" "PaymentTerms" NOT NULL DEFAULT 'net_30',
    "creditLimitCents" BIGINT,
    "status" "BrokerStatus" NOT NULL DEFAULT 'active',
    "notes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Broker_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Broker_organizationId_status_idx" ON "Broker"("organizationId", "status");

-- CreateIndex
CREATE INDEX "Broker_organizationId_paymentTerms_idx" ON "Broker"("organizationId", "paymentTerms");

-- CreateIndex
CREATE UNIQUE INDEX "Broker_organizationId_name_key" ON "Broker"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Broker_organizationId_mcNumber_key" ON "Broker"("organizationId", "mcNumber");

-- AddForeignKey
ALTER TABLE "Broker" ADD CONSTRAINT "Broker_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
