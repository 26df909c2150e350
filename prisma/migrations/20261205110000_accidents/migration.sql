-- The accident register (49 CFR 390.15, ADR 141) and its documents.
-- CreateTable
CREATE TABLE "Accident" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "driverId" TEXT NOT NULL,
    "truckId" TEXT NOT NULL,
    "trailerId" TEXT,
    "loadId" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "fatalities" INTEGER NOT NULL DEFAULT 0,
    "injuries" INTEGER NOT NULL DEFAULT 0,
    "towAway" BOOLEAN NOT NULL DEFAULT false,
    "hazmatReleased" BOOLEAN NOT NULL DEFAULT false,
    "reportNumber" TEXT,
    "notes" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Accident_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccidentDocument" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "accidentId" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "uploadedById" TEXT,
    "uploadedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccidentDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Accident_organizationId_occurredAt_idx" ON "Accident"("organizationId", "occurredAt" DESC);

-- CreateIndex
CREATE INDEX "Accident_driverId_occurredAt_idx" ON "Accident"("driverId", "occurredAt" DESC);

-- CreateIndex
CREATE INDEX "Accident_truckId_idx" ON "Accident"("truckId");

-- CreateIndex
CREATE INDEX "Accident_trailerId_idx" ON "Accident"("trailerId");

-- CreateIndex
CREATE INDEX "Accident_loadId_idx" ON "Accident"("loadId");

-- CreateIndex
CREATE INDEX "Accident_createdById_idx" ON "Accident"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "AccidentDocument_storageKey_key" ON "AccidentDocument"("storageKey");

-- CreateIndex
CREATE INDEX "AccidentDocument_accidentId_uploadedAt_idx" ON "AccidentDocument"("accidentId", "uploadedAt");

-- CreateIndex
CREATE INDEX "AccidentDocument_organizationId_idx" ON "AccidentDocument"("organizationId");

-- CreateIndex
CREATE INDEX "AccidentDocument_uploadedById_idx" ON "AccidentDocument"("uploadedById");

-- AddForeignKey
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_trailerId_fkey" FOREIGN KEY ("trailerId") REFERENCES "Trailer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccidentDocument" ADD CONSTRAINT "AccidentDocument_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccidentDocument" ADD CONSTRAINT "AccidentDocument_accidentId_fkey" FOREIGN KEY ("accidentId") REFERENCES "Accident"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccidentDocument" ADD CONSTRAINT "AccidentDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_counts_check" CHECK ("fatalities" >= 0 AND "injuries" >= 0);
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_occurredAt_range_check" CHECK ("occurredAt" >= '1949-01-01 00:00:00+00' AND "occurredAt" < '2202-01-01 00:00:00+00');
ALTER TABLE "Accident" ADD CONSTRAINT "Accident_place_check" CHECK (length(btrim("city")) > 0 AND "state" ~ '^[A-Z]{2}$');
ALTER TABLE "AccidentDocument" ADD CONSTRAINT "AccidentDocument_sizeBytes_check" CHECK ("sizeBytes" >= 0);
