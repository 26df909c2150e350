-- CreateEnum
CREATE TYPE "WorkOrderKind" AS ENUM ('repair', 'preventive', 'annual_inspection');

-- CreateEnum
CREATE TYPE "WorkOrderStatus" AS ENUM ('open', 'in_progress', 'completed', 'canceled');

-- CreateEnum
CREATE TYPE "WorkOrderLineKind" AS ENUM ('part', 'labor');

-- AlterTable
ALTER TABLE "InspectionDefect" ADD COLUMN     "workOrderId" TEXT;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextWorkOrderNumber" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "WorkOrder" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "truckId" TEXT,
    "trailerId" TEXT,
    "kind" "WorkOrderKind" NOT NULL,
    "status" "WorkOrderStatus" NOT NULL DEFAULT 'open',
    "description" TEXT NOT NULL,
    "odometer" INTEGER,
    "totalCents" INTEGER NOT NULL DEFAULT 0,
    "completedAt" TIMESTAMPTZ(3),
    "completedById" TEXT,
    "canceledAt" TIMESTAMPTZ(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "WorkOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkOrderLine" (
    "id" TEXT NOT NULL,
    "workOrderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "WorkOrderLineKind" NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" INTEGER NOT NULL,
    "unitCostCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "productId" TEXT,

    CONSTRAINT "WorkOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_createdAt_idx" ON "WorkOrder"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_status_idx" ON "WorkOrder"("organizationId", "status");

-- CreateIndex
CREATE INDEX "WorkOrder_truckId_createdAt_idx" ON "WorkOrder"("truckId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "WorkOrder_trailerId_createdAt_idx" ON "WorkOrder"("trailerId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrder_organizationId_number_key" ON "WorkOrder"("organizationId", "number");

-- CreateIndex
CREATE INDEX "WorkOrderLine_workOrderId_position_idx" ON "WorkOrderLine"("workOrderId", "position");

-- CreateIndex
CREATE INDEX "WorkOrderLine_productId_idx" ON "WorkOrderLine"("productId");

-- CreateIndex
CREATE INDEX "InspectionDefect_workOrderId_idx" ON "InspectionDefect"("workOrderId");

-- AddForeignKey
ALTER TABLE "InspectionDefect" ADD CONSTRAINT "InspectionDefect_workOrderId_fkey" FOREIGN KEY ("workOrderId") REFERENCES "WorkOrder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_trailerId_fkey" FOREIGN KEY ("trailerId") REFERENCES "Trailer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_completedById_fkey" FOREIGN KEY ("completedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrderLine" ADD CONSTRAINT "WorkOrderLine_workOrderId_fkey" FOREIGN KEY ("workOrderId") REFERENCES "WorkOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrderLine" ADD CONSTRAINT "WorkOrderLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
-- One unit per order: a truck or a trailer.
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_unit_check" CHECK (num_nonnulls("truckId", "trailerId") = 1);
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_odometer_check" CHECK ("odometer" IS NULL OR "odometer" >= 0);
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_total_check" CHECK ("totalCents" >= 0);
-- A completed order says when; only a completed one does.
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_completed_check" CHECK (("status" = 'completed') = ("completedAt" IS NOT NULL));
ALTER TABLE "WorkOrderLine" ADD CONSTRAINT "WorkOrderLine_amounts_check" CHECK ("quantityMilli" > 0 AND "unitCostCents" >= 0 AND "totalCents" >= 0);
-- A product's part is a whole number of the product (stock counts whole items).
ALTER TABLE "WorkOrderLine" ADD CONSTRAINT "WorkOrderLine_product_check" CHECK ("productId" IS NULL OR ("kind" = 'part' AND "quantityMilli" % 1000 = 0));
