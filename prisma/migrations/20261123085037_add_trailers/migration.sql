-- Unit numbers and VINs compare without case (CITEXT). Another migration may have created it first.
CREATE EXTENSION IF NOT EXISTS citext;

-- CreateEnum
CREATE TYPE "TrailerType" AS ENUM ('dry_van', 'reefer', 'flatbed', 'step_deck', 'lowboy', 'tanker', 'power_only', 'other');

-- CreateEnum
CREATE TYPE "TrailerStatus" AS ENUM ('available', 'in_use', 'maintenance', 'out_of_service', 'inactive');

-- CreateTable
CREATE TABLE "Trailer" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "unitNumber" CITEXT NOT NULL,
    "companyId" TEXT,
    "type" "TrailerType" NOT NULL DEFAULT 'dry_van',
    "lengthFt" INTEGER,
    "vin" CITEXT,
    "licensePlate" TEXT,
    "plateState" TEXT,
    "status" "TrailerStatus" NOT NULL DEFAULT 'available',
    "registrationExpiry" DATE,
    "inspectionDue" DATE,
    "notes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Trailer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Trailer_organizationId_status_idx" ON "Trailer"("organizationId", "status");

-- CreateIndex
CREATE INDEX "Trailer_organizationId_type_idx" ON "Trailer"("organizationId", "type");

-- CreateIndex
CREATE INDEX "Trailer_companyId_idx" ON "Trailer"("companyId");

-- CreateIndex
CREATE INDEX "Trailer_organizationId_licensePlate_idx" ON "Trailer"("organizationId", "licensePlate");

-- CreateIndex
CREATE UNIQUE INDEX "Trailer_organizationId_unitNumber_key" ON "Trailer"("organizationId", "unitNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Trailer_organizationId_vin_key" ON "Trailer"("organizationId", "vin");

-- AddForeignKey
ALTER TABLE "Trailer" ADD CONSTRAINT "Trailer_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trailer" ADD CONSTRAINT "Trailer_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
