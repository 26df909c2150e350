-- AlterTable
ALTER TABLE "AccountingSettings" ADD COLUMN     "reserveClearingAccount" TEXT NOT NULL DEFAULT 'Factoring Reserve Clearing';

-- CreateTable
CREATE TABLE "AccountingDeletedRecord" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "kind" "AccountingKind" NOT NULL,
    "recordId" TEXT NOT NULL,
    "deletedAt" TIMESTAMPTZ(3) NOT NULL,
    "snapshot" JSONB NOT NULL,

    CONSTRAINT "AccountingDeletedRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FactoringReserveRelease" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "scheduleId" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "releasedAt" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FactoringReserveRelease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountingDeletedRecord_organizationId_kind_recordId_key" ON "AccountingDeletedRecord"("organizationId", "kind", "recordId");

-- CreateIndex
CREATE INDEX "FactoringReserveRelease_scheduleId_releasedAt_idx" ON "FactoringReserveRelease"("scheduleId", "releasedAt");

-- CreateIndex
CREATE INDEX "FactoringReserveRelease_organizationId_releasedAt_idx" ON "FactoringReserveRelease"("organizationId", "releasedAt");

-- AddForeignKey
ALTER TABLE "AccountingDeletedRecord" ADD CONSTRAINT "AccountingDeletedRecord_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactoringReserveRelease" ADD CONSTRAINT "FactoringReserveRelease_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactoringReserveRelease" ADD CONSTRAINT "FactoringReserveRelease_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "FactoringSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A release moves money; the snapshot is an object.
ALTER TABLE "FactoringReserveRelease" ADD CONSTRAINT "FactoringReserveRelease_amount_positive" CHECK ("amountCents" > 0);
ALTER TABLE "AccountingDeletedRecord" ADD CONSTRAINT "AccountingDeletedRecord_snapshot_object" CHECK (jsonb_typeof("snapshot") = 'object');

-- The releases recorded so far were kept as a total and the last day: one release each.
INSERT INTO "FactoringReserveRelease" ("id", "organizationId", "scheduleId", "amountCents", "releasedAt")
SELECT 'r' || substr(md5(s."id" || ':release'), 1, 24), s."organizationId", s."id", s."reserveReleasedCents", s."reserveReleasedAt"
FROM "FactoringSchedule" s
WHERE s."reserveReleasedCents" > 0 AND s."reserveReleasedAt" IS NOT NULL;

-- An export that carried a schedule's release (part "release") carried that one release.
UPDATE "AccountingExportRecord" r SET "part" = 'release:' || 'r' || substr(md5(r."recordId" || ':release'), 1, 24)
WHERE r."kind" = 'factoring' AND r."part" = 'release';
