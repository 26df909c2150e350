-- CreateEnum
CREATE TYPE "LoadDocumentKind" AS ENUM ('bols', 'rateConn', 'pod');

-- CreateTable
CREATE TABLE "LoadDocument" (
    "id" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "kind" "LoadDocumentKind" NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uploadedById" TEXT,

    CONSTRAINT "LoadDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LoadDocument_storageKey_key" ON "LoadDocument"("storageKey");

-- CreateIndex
CREATE INDEX "LoadDocument_loadId_kind_uploadedAt_idx" ON "LoadDocument"("loadId", "kind", "uploadedAt");

-- CreateIndex
CREATE INDEX "LoadDocument_organizationId_idx" ON "LoadDocument"("organizationId");

-- CreateIndex
CREATE INDEX "LoadDocument_uploadedById_idx" ON "LoadDocument"("uploadedById");

-- AddForeignKey
ALTER TABLE "LoadDocument" ADD CONSTRAINT "LoadDocument_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadDocument" ADD CONSTRAINT "LoadDocument_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadDocument" ADD CONSTRAINT "LoadDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
