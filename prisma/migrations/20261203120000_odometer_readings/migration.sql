-- CreateEnum
CREATE TYPE "OdometerReadingKind" AS ENUM ('start', 'state_line', 'end');

-- CreateTable
CREATE TABLE "OdometerReading" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "truckId" TEXT NOT NULL,
    "loadId" TEXT,
    "driverId" TEXT NOT NULL,
    "kind" "OdometerReadingKind" NOT NULL,
    "jurisdiction" VARCHAR(2) NOT NULL,
    "odometer" INTEGER NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OdometerReading_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OdometerReading_truckId_odometer_idx" ON "OdometerReading"("truckId", "odometer");

-- CreateIndex
CREATE INDEX "OdometerReading_loadId_recordedAt_idx" ON "OdometerReading"("loadId", "recordedAt");

-- CreateIndex
CREATE INDEX "OdometerReading_organizationId_recordedAt_idx" ON "OdometerReading"("organizationId", "recordedAt");

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints or partial indexes).
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_check" CHECK ("odometer" >= 0 AND "jurisdiction" ~ '^[A-Z]{2}$');
-- One start and one end per load (state lines: as many as the road crosses).
CREATE UNIQUE INDEX "OdometerReading_load_start_end_key" ON "OdometerReading"("loadId", "kind") WHERE "kind" IN ('start', 'end');
