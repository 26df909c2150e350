-- Case-insensitive text for emails, unit numbers and VINs (docs/decisions/011).
CREATE EXTENSION IF NOT EXISTS citext;

-- DropIndex
DROP INDEX "Truck_organizationId_vin_idx";

-- AlterTable
ALTER TABLE "Truck" ALTER COLUMN "unitNumber" SET DATA TYPE CITEXT,
ALTER COLUMN "vin" SET DATA TYPE CITEXT;

-- AlterTable
ALTER TABLE "User" ALTER COLUMN "email" SET DATA TYPE CITEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Truck_organizationId_vin_key" ON "Truck"("organizationId", "vin");
