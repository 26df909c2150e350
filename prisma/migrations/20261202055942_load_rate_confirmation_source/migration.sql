-- AlterTable
ALTER TABLE "Load" ADD COLUMN     "sourceDocumentId" TEXT,
ADD COLUMN     "sourceMailAttachmentId" TEXT;

-- CreateIndex
CREATE INDEX "Load_sourceMailAttachmentId_idx" ON "Load"("sourceMailAttachmentId");

-- CreateIndex
CREATE INDEX "Load_sourceDocumentId_idx" ON "Load"("sourceDocumentId");

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_sourceMailAttachmentId_fkey" FOREIGN KEY ("sourceMailAttachmentId") REFERENCES "MailAttachment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Load" ADD CONSTRAINT "Load_sourceDocumentId_fkey" FOREIGN KEY ("sourceDocumentId") REFERENCES "LoadDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;
