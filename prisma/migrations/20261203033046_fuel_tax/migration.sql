-- CreateEnum
CREATE TYPE "FuelType" AS ENUM ('diesel', 'gasoline', 'propane', 'lng', 'cng', 'biodiesel', 'ethanol', 'methanol', 'e85', 'm85', 'a55');

-- CreateTable
CREATE TABLE "FuelPurchase" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "truckId" TEXT NOT NULL,
    "purchasedAt" DATE NOT NULL,
    "jurisdiction" VARCHAR(2) NOT NULL,
    "fuelType" "FuelType" NOT NULL DEFAULT 'diesel',
    "gallonsMilli" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "vendor" TEXT,
    "city" TEXT,
    "odometer" INTEGER,
    "taxPaid" BOOLEAN NOT NULL DEFAULT true,
    "reference" TEXT,
    "cardLast4" VARCHAR(4),
    "importKey" TEXT,
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "FuelPurchase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trip" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "truckId" TEXT NOT NULL,
    "loadId" TEXT,
    "startedAt" DATE NOT NULL,
    "endedAt" DATE NOT NULL,
    "startOdometer" INTEGER NOT NULL,
    "endOdometer" INTEGER NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Trip_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TripJurisdiction" (
    "id" TEXT NOT NULL,
    "tripId" TEXT NOT NULL,
    "jurisdiction" VARCHAR(2) NOT NULL,
    "miles" INTEGER NOT NULL,
    "taxableMiles" INTEGER NOT NULL,

    CONSTRAINT "TripJurisdiction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IftaRate" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "quarter" VARCHAR(7) NOT NULL,
    "jurisdiction" VARCHAR(2) NOT NULL,
    "fuelType" "FuelType" NOT NULL,
    "rateTenThousandths" INTEGER NOT NULL,
    "surchargeTenThousandths" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IftaRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IftaQuarter" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "quarter" VARCHAR(7) NOT NULL,
    "filedAt" DATE,
    "interestPerMonthPpm" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "IftaQuarter_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FuelPurchase_organizationId_purchasedAt_idx" ON "FuelPurchase"("organizationId", "purchasedAt");

-- CreateIndex
CREATE INDEX "FuelPurchase_truckId_purchasedAt_idx" ON "FuelPurchase"("truckId", "purchasedAt");

-- CreateIndex
CREATE UNIQUE INDEX "FuelPurchase_organizationId_importKey_key" ON "FuelPurchase"("organizationId", "importKey");

-- CreateIndex
CREATE INDEX "Trip_organizationId_endedAt_idx" ON "Trip"("organizationId", "endedAt");

-- CreateIndex
CREATE INDEX "Trip_truckId_startedAt_idx" ON "Trip"("truckId", "startedAt");

-- CreateIndex
CREATE INDEX "Trip_loadId_idx" ON "Trip"("loadId");

-- CreateIndex
CREATE UNIQUE INDEX "TripJurisdiction_tripId_jurisdiction_key" ON "TripJurisdiction"("tripId", "jurisdiction");

-- CreateIndex
CREATE UNIQUE INDEX "IftaRate_organizationId_quarter_jurisdiction_fuelType_key" ON "IftaRate"("organizationId", "quarter", "jurisdiction", "fuelType");

-- CreateIndex
CREATE UNIQUE INDEX "IftaQuarter_organizationId_quarter_key" ON "IftaQuarter"("organizationId", "quarter");

-- AddForeignKey
ALTER TABLE "FuelPurchase" ADD CONSTRAINT "FuelPurchase_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FuelPurchase" ADD CONSTRAINT "FuelPurchase_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trip" ADD CONSTRAINT "Trip_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trip" ADD CONSTRAINT "Trip_truckId_fkey" FOREIGN KEY ("truckId") REFERENCES "Truck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trip" ADD CONSTRAINT "Trip_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TripJurisdiction" ADD CONSTRAINT "TripJurisdiction_tripId_fkey" FOREIGN KEY ("tripId") REFERENCES "Trip"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IftaRate" ADD CONSTRAINT "IftaRate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IftaQuarter" ADD CONSTRAINT "IftaQuarter_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
ALTER TABLE "FuelPurchase" ADD CONSTRAINT "FuelPurchase_amounts_check" CHECK ("gallonsMilli" > 0 AND "totalCents" >= 0 AND ("odometer" IS NULL OR "odometer" >= 0));
ALTER TABLE "FuelPurchase" ADD CONSTRAINT "FuelPurchase_jurisdiction_check" CHECK ("jurisdiction" ~ '^[A-Z]{2}$');
ALTER TABLE "FuelPurchase" ADD CONSTRAINT "FuelPurchase_cardLast4_check" CHECK ("cardLast4" IS NULL OR "cardLast4" ~ '^[0-9]{4}$');
ALTER TABLE "Trip" ADD CONSTRAINT "Trip_odometer_check" CHECK ("startOdometer" >= 0 AND "endOdometer" >= "startOdometer" AND "endedAt" >= "startedAt");
ALTER TABLE "TripJurisdiction" ADD CONSTRAINT "TripJurisdiction_miles_check" CHECK ("miles" >= 0 AND "taxableMiles" >= 0 AND "taxableMiles" <= "miles" AND "jurisdiction" ~ '^[A-Z]{2}$');
ALTER TABLE "IftaRate" ADD CONSTRAINT "IftaRate_rate_check" CHECK ("rateTenThousandths" >= 0 AND ("surchargeTenThousandths" IS NULL OR "surchargeTenThousandths" >= 0) AND "quarter" ~ '^[0-9]{4}-Q[1-4]$');
ALTER TABLE "IftaQuarter" ADD CONSTRAINT "IftaQuarter_check" CHECK ("quarter" ~ '^[0-9]{4}-Q[1-4]$' AND ("interestPerMonthPpm" IS NULL OR "interestPerMonthPpm" >= 0));
