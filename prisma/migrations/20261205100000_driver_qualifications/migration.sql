-- CreateEnum
CREATE TYPE "QualificationKind" AS ENUM ('application', 'mvr', 'road_test', 'medical_certificate', 'clearinghouse_query', 'drug_test', 'annual_review', 'license', 'other');

-- CreateEnum
CREATE TYPE "QualificationReview" AS ENUM ('pending', 'accepted', 'rejected');

-- CreateTable
CREATE TABLE "ComplianceSettings" (
    "organizationId" TEXT NOT NULL,
    "requiredKinds" "QualificationKind"[] DEFAULT ARRAY[]::"QualificationKind"[],
    "reminderDays" INTEGER NOT NULL DEFAULT 30,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ComplianceSettings_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "DriverQualification" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "driverId" TEXT NOT NULL,
    "kind" "QualificationKind" NOT NULL,
    "completedAt" DATE NOT NULL,
    "expiresAt" DATE,
    "result" TEXT,
    "notes" TEXT,
    "review" "QualificationReview" NOT NULL DEFAULT 'accepted',
    "reviewedById" TEXT,
    "reviewedAt" TIMESTAMPTZ(3),
    "documentKey" TEXT,
    "documentName" TEXT,
    "documentType" TEXT,
    "documentBytes" INTEGER,
    "uploadedById" TEXT,
    "remindedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "DriverQualification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DriverQualification_documentKey_key" ON "DriverQualification"("documentKey");

-- CreateIndex
CREATE INDEX "DriverQualification_organizationId_kind_expiresAt_idx" ON "DriverQualification"("organizationId", "kind", "expiresAt");

-- CreateIndex
CREATE INDEX "DriverQualification_driverId_kind_completedAt_idx" ON "DriverQualification"("driverId", "kind", "completedAt");

-- CreateIndex
CREATE INDEX "DriverQualification_reviewedById_idx" ON "DriverQualification"("reviewedById");

-- CreateIndex
CREATE INDEX "DriverQualification_uploadedById_idx" ON "DriverQualification"("uploadedById");

-- AddForeignKey
ALTER TABLE "ComplianceSettings" ADD CONSTRAINT "ComplianceSettings_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DriverQualification" ADD CONSTRAINT "DriverQualification_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DriverQualification" ADD CONSTRAINT "DriverQualification_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DriverQualification" ADD CONSTRAINT "DriverQualification_reviewedById_fkey" FOREIGN KEY ("reviewedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DriverQualification" ADD CONSTRAINT "DriverQualification_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An item never expires before it was done; a document's size is never negative (ADR 139).
ALTER TABLE "DriverQualification" ADD CONSTRAINT "DriverQualification_expiry_check" CHECK ("expiresAt" IS NULL OR "expiresAt" >= "completedAt");
ALTER TABLE "DriverQualification" ADD CONSTRAINT "DriverQualification_documentBytes_check" CHECK ("documentBytes" IS NULL OR "documentBytes" >= 0);
-- A reminder from the day before to a year ahead, or none.
ALTER TABLE "ComplianceSettings" ADD CONSTRAINT "ComplianceSettings_reminderDays_check" CHECK ("reminderDays" BETWEEN 0 AND 365);
