-- CreateTable
CREATE TABLE "AccountingLock" (
    "organizationId" TEXT NOT NULL,
    "closedThrough" DATE,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "AccountingLock_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE INDEX "AccountingLock_updatedById_idx" ON "AccountingLock"("updatedById");

-- AddForeignKey
ALTER TABLE "AccountingLock" ADD CONSTRAINT "AccountingLock_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingLock" ADD CONSTRAINT "AccountingLock_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
