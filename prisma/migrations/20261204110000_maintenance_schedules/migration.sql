-- CreateTable
CREATE TABLE "MaintenanceSchedule" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "truckId" TEXT,
    "trailerId" TEXT,
    "task" CITEXT NOT NULL,
    "everyMiles" INTEGER,
    "everyDays" INTEGER,
    "lastDoneAt" DATE NOT NULL,
    "lastDoneOdometer" INTEGER,
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "MaintenanceSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MaintenanceSchedule_organizationId_task_idx" ON "MaintenanceSchedule"("organizationId", "task");

-- CreateIndex
CREATE UNIQUE INDEX "MaintenanceSchedule_truckId_task_key" ON "MaintenanceSchedule"("truckId", "task");

-- CreateIndex
CREATE UNIQUE INDEX "MaintenanceSchedule_trailerId_task_key" ON "MaintenanceSchedule"("trailerId", "task");

-- AddForeignKey
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_trailerId_fkey" FOREIGN KEY ("trailerId") REFERENCES "Trailer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
-- One unit: a truck or a trailer, never both, never neither.
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_unit_check" CHECK (("truckId" IS NULL) <> ("trailerId" IS NULL));
-- An interval: miles, days or both, each positive.
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_interval_check" CHECK (("everyMiles" IS NOT NULL OR "everyDays" IS NOT NULL) AND ("everyMiles" IS NULL OR "everyMiles" > 0) AND ("everyDays" IS NULL OR "everyDays" > 0));
-- Miles count from an odometer: a mileage schedule knows the reading it was last done at; a trailer has no odometer of its own.
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_miles_check" CHECK ("everyMiles" IS NULL OR ("lastDoneOdometer" IS NOT NULL AND "truckId" IS NOT NULL));
ALTER TABLE "MaintenanceSchedule" ADD CONSTRAINT "MaintenanceSchedule_odometer_check" CHECK ("lastDoneOdometer" IS NULL OR "lastDoneOdometer" >= 0);
