-- AlterTable
ALTER TABLE "DriverProfile" ADD COLUMN     "storeLimitCents" INTEGER NOT NULL DEFAULT 50000;

-- A driver's store limit is one amount (ADR 089, ADR 101): never negative, at most $10,000,000.00.
ALTER TABLE "DriverProfile" ADD CONSTRAINT "DriverProfile_storeLimitCents_check" CHECK ("storeLimitCents" >= 0 AND "storeLimitCents" <= 1000000000);
