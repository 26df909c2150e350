-- CreateEnum
CREATE TYPE "LoadStatus" AS ENUM ('draft', 'booked', 'dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered', 'invoiced', 'canceled');

-- CreateEnum
CREATE TYPE "StopType" AS ENUM ('pickup', 'delivery');

-- CreateEnum
CREATE TYPE "ChargeType" AS ENUM ('fuel_surcharge', 'detention', 'layover', 'lumper', 'tonu', 'stop_off', 'other');

-- CreateTable
CREATE TABLE "Load" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "loadNumber" TEXT NOT NULL,
    "brokerId" TEXT NOT NULL,
    "companyId" TEXT,
    "brokerReference" TEXT,
    "poNumbers" TEXT,
    "bolNumber" TEXT,
    "status" "LoadStatus" NOT NULL DEFAULT 'booked',
    "equipmentType" "TrailerType" NOT NULL DEFAULT 'dry_van',
    "commodity" TEXT,
    "weightLb" INTEGER,
    "pieces" INTEGER,
    "temperatureF" INTEGER,
    "hazmat" BOOLEAN NOT NULL DEFAULT false,
    "linehaulCents" INTEGER NOT NULL DEFAULT 0,
    "totalCents" INTEGER NOT NULL DEFAULT 0,
    "loadedMiles" INTEGER,
    "emptyMiles" INTEGER,
    "driverId" TEXT,
    "truckId" TEXT,
    "trailerId" TEXT,
    "dispatcherId" TEXT,
    "notes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "pickupAt" TIMESTAMPTZ(3),
    "pickupCity" TEXT,
    "pickupState" TEXT,
    "deliveryAt" TIMESTAMPTZ(3),
    "deliveryCity" TEXT,
    "deliveryState" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Load_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoadStop" (
    "id" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "type" "StopType" NOT NULL,
    "facilityName" TEXT,
    "line1" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT,
    "postalCode" TEXT,
    "country" TEXT NOT NULL DEFAULT 'US',
    "windowStart" TIMESTAMPTZ(3),
    "windowEnd" TIMESTAMPTZ(3),
    "appointmentRef" TEXT,
    "actualArrival" TIMESTAMPTZ(3),
    "actualDeparture" TIMESTAMPTZ(3),
    "notes" TEXT,

    CONSTRAINT "LoadStop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoadCharge" (
    "id" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "type" "ChargeType" NOT NULL,
    "description" TEXT,
    "amountCents" INTEGER NOT NULL,

    CONSTRAINT "LoadCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Load_organizationId_status_pickupAt_idx" ON "Load"("organizationId", "status", "pickupAt");

-- CreateIndex
CREATE INDEX "Load_organizationId_pickupAt_idx" ON "Load"("organizationId", "pickupAt");

-- CreateIndex
CREATE INDEX "Load_organizationId_createdAt_idx" ON "Load"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Load_brokerId_idx" ON "Load"("brokerId");

-- CreateIndex
CREATE INDEX "Load_companyId_idx" ON "Load"("companyId");

-- CreateIndex
CREATE INDEX "Load_driverId_status_idx" ON "Load"("driverId", "status");

-- CreateIndex
CREATE INDEX "Load_truckId_status_idx" ON "Load"("truckId", "status");

-- CreateIndex
CREATE INDEX "Load_trailerId_status_idx" ON "Load"("trailerId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Load_organizationId_loadNumber_key" ON "Load"("organizationId", "loadNumber");

-- CreateIndex
CREATE INDEX "LoadStop_loadId_sequence_idx" ON "LoadStop"("loadId", "sequence");

-- CreateIndex
CREATE INDEX "LoadCharge_loadId_sequence_idx" ON "LoadCharge"("loadId", "sequence");

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_brokerId_fkey" FOREIGN KEY ("brokerId") REFERENCES "Broker"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_dispatcherId_fkey" FOREIGN KEY ("dispatcherId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_trailerId_fkey" FOREIGN KEY ("trailerId") REFERENCES "Trailer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadStop" ADD CONSTRAINT "LoadStop_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadCharge" ADD CONSTRAINT "LoadCharge_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;
