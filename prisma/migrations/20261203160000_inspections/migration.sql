-- CreateEnum
CREATE TYPE "InspectionKind" AS ENUM ('pre_trip', 'post_trip');

-- CreateEnum
CREATE TYPE "InspectionItem" AS ENUM ('service_brakes', 'trailer_brake_connections', 'parking_brake', 'steering', 'lighting', 'reflectors', 'tires', 'horn', 'windshield_wipers', 'mirrors', 'coupling_devices', 'wheels_rims', 'emergency_equipment', 'other');

-- CreateTable
CREATE TABLE "Inspection" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "truckId" TEXT NOT NULL,
    "trailerId" TEXT,
    "driverId" TEXT,
    "kind" "InspectionKind" NOT NULL,
    "inspectedAt" TIMESTAMPTZ(3) NOT NULL,
    "odometer" INTEGER NOT NULL,
    "remarks" TEXT,
    "acknowledgedAt" TIMESTAMPTZ(3),
    "acknowledgedById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Inspection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InspectionDefect" (
    "id" TEXT NOT NULL,
    "inspectionId" TEXT NOT NULL,
    "item" "InspectionItem" NOT NULL,
    "note" TEXT NOT NULL,
    "outOfService" BOOLEAN NOT NULL DEFAULT false,
    "certifiedAt" TIMESTAMPTZ(3),
    "certifiedById" TEXT,
    "repaired" BOOLEAN,
    "certificationNote" TEXT,

    CONSTRAINT "InspectionDefect_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Inspection_organizationId_inspectedAt_idx" ON "Inspection"("organizationId", "inspectedAt" DESC);

-- CreateIndex
CREATE INDEX "Inspection_truckId_inspectedAt_idx" ON "Inspection"("truckId", "inspectedAt" DESC);

-- CreateIndex
CREATE INDEX "Inspection_trailerId_idx" ON "Inspection"("trailerId");

-- CreateIndex
CREATE INDEX "Inspection_driverId_idx" ON "Inspection"("driverId");

-- CreateIndex
CREATE INDEX "InspectionDefect_inspectionId_idx" ON "InspectionDefect"("inspectionId");

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_trailerId_fkey" FOREIGN KEY ("trailerId") REFERENCES "Trailer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_acknowledgedById_fkey" FOREIGN KEY ("acknowledgedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionDefect" ADD CONSTRAINT "InspectionDefect_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionDefect" ADD CONSTRAINT "InspectionDefect_certifiedById_fkey" FOREIGN KEY ("certifiedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_odometer_check" CHECK ("odometer" >= 0);
