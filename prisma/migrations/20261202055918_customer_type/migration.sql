-- CreateEnum
CREATE TYPE "CustomerType" AS ENUM ('broker', 'shipper', 'other');

-- AlterTable
ALTER TABLE "Broker" ADD COLUMN     "type" "CustomerType" NOT NULL DEFAULT 'broker';

-- CreateIndex
CREATE INDEX "Broker_organizationId_type_idx" ON "Broker"("organizationId", "type");
