-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "envelopeFrom" TEXT,
ADD COLUMN     "fingerprint" TEXT,
ADD COLUMN     "fromVerified" BOOLEAN,
ADD COLUMN     "textKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "MailMessage_organizationId_fingerprint_key" ON "MailMessage"("organizationId", "fingerprint");
