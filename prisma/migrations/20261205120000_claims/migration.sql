-- CreateEnum
CREATE TYPE "ClaimKind" AS ENUM ('cargo_damage', 'shortage', 'loss', 'property_damage');

-- CreateEnum
CREATE TYPE "ClaimStatus" AS ENUM ('open', 'investigating', 'settled', 'denied', 'closed');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextClaimNumber" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "SettlementItem" ADD COLUMN     "claimId" TEXT,
ADD COLUMN     "liveClaimId" TEXT;

-- CreateTable
CREATE TABLE "Claim" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "kind" "ClaimKind" NOT NULL,
    "status" "ClaimStatus" NOT NULL DEFAULT 'open',
    "claimantBrokerId" TEXT,
    "claimantCompanyId" TEXT,
    "filedOn" DATE NOT NULL,
    "amountClaimedCents" INTEGER NOT NULL,
    "amountPaidCents" INTEGER,
    "insurer" TEXT,
    "insurerClaimNumber" TEXT,
    "notes" TEXT,
    "deductionDriverId" TEXT,
    "deductionCents" INTEGER,
    "deductionRequestedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Claim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClaimDocument" (
    "id" TEXT NOT NULL,
    "claimId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClaimDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Claim_organizationId_filedOn_idx" ON "Claim"("organizationId", "filedOn" DESC);

-- CreateIndex
CREATE INDEX "Claim_organizationId_status_idx" ON "Claim"("organizationId", "status");

-- CreateIndex
CREATE INDEX "Claim_loadId_idx" ON "Claim"("loadId");

-- CreateIndex
CREATE INDEX "Claim_claimantBrokerId_idx" ON "Claim"("claimantBrokerId");

-- CreateIndex
CREATE INDEX "Claim_claimantCompanyId_idx" ON "Claim"("claimantCompanyId");

-- CreateIndex
CREATE INDEX "Claim_deductionDriverId_idx" ON "Claim"("deductionDriverId");

-- CreateIndex
CREATE UNIQUE INDEX "Claim_organizationId_number_key" ON "Claim"("organizationId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "ClaimDocument_storageKey_key" ON "ClaimDocument"("storageKey");

-- CreateIndex
CREATE INDEX "ClaimDocument_claimId_uploadedAt_idx" ON "ClaimDocument"("claimId", "uploadedAt");

-- CreateIndex
CREATE INDEX "ClaimDocument_organizationId_idx" ON "ClaimDocument"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "SettlementItem_liveClaimId_key" ON "SettlementItem"("liveClaimId");

-- CreateIndex
CREATE INDEX "SettlementItem_claimId_idx" ON "SettlementItem"("claimId");

-- AddForeignKey
ALTER TABLE "SettlementItem" ADD CONSTRAINT "SettlementItem_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "Claim"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_claimantBrokerId_fkey" FOREIGN KEY ("claimantBrokerId") REFERENCES "Broker"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_claimantCompanyId_fkey" FOREIGN KEY ("claimantCompanyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_deductionDriverId_fkey" FOREIGN KEY ("deductionDriverId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimDocument" ADD CONSTRAINT "ClaimDocument_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "Claim"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimDocument" ADD CONSTRAINT "ClaimDocument_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
-- The claimant is a broker or a company of the organization, exactly one.
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_claimant_check" CHECK (num_nonnulls("claimantBrokerId", "claimantCompanyId") = 1);
-- Amounts never negative; paid at most what was claimed.
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_amounts_check" CHECK ("amountClaimedCents" >= 0 AND ("amountPaidCents" IS NULL OR ("amountPaidCents" >= 0 AND "amountPaidCents" <= "amountClaimedCents")));
-- A deduction is asked whole (driver, amount, when) or not at all, for more than nothing and at most what was paid.
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_deduction_check" CHECK (
  num_nonnulls("deductionDriverId", "deductionCents", "deductionRequestedAt") IN (0, 3)
  AND ("deductionCents" IS NULL OR ("deductionCents" > 0 AND "deductionCents" <= COALESCE("amountPaidCents", 0)))
);
-- A live claim line is the claim's own line.
ALTER TABLE "SettlementItem" ADD CONSTRAINT "SettlementItem_live_claim_check" CHECK ("liveClaimId" IS NULL OR "liveClaimId" = "claimId");
