-- CreateEnum
CREATE TYPE "EdiTransport" AS ENUM ('sftp', 'http', 'manual');

-- CreateEnum
CREATE TYPE "EdiDirection" AS ENUM ('in', 'out');

-- CreateEnum
CREATE TYPE "EdiMessageStatus" AS ENUM ('received', 'sent', 'acknowledged', 'rejected');

-- CreateEnum
CREATE TYPE "EdiTenderPurpose" AS ENUM ('new', 'change', 'cancel');

-- CreateEnum
CREATE TYPE "EdiTenderStatus" AS ENUM ('pending', 'accepted', 'declined', 'canceled', 'expired');

-- CreateTable
CREATE TABLE "EdiPartner" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" CITEXT NOT NULL,
    "brokerId" TEXT NOT NULL,
    "isaQualifier" TEXT NOT NULL,
    "isaId" CITEXT NOT NULL,
    "gsId" CITEXT NOT NULL,
    "ourIsaQualifier" TEXT NOT NULL,
    "ourIsaId" CITEXT NOT NULL,
    "ourGsId" CITEXT NOT NULL,
    "transport" "EdiTransport" NOT NULL DEFAULT 'manual',
    "sftpHost" TEXT,
    "sftpPort" INTEGER,
    "sftpUsername" TEXT,
    "sftpPasswordSealed" TEXT,
    "sftpPrivateKeySealed" TEXT,
    "sftpInboundDir" TEXT,
    "sftpOutboundDir" TEXT,
    "send214" BOOLEAN NOT NULL DEFAULT false,
    "send210" BOOLEAN NOT NULL DEFAULT false,
    "lastControlNumber" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "EdiPartner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EdiMessage" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "partnerId" TEXT,
    "direction" "EdiDirection" NOT NULL,
    "type" TEXT,
    "status" "EdiMessageStatus" NOT NULL,
    "controlNumber" TEXT,
    "groupControlNumber" TEXT,
    "transactionControlNumber" TEXT,
    "ourControlNumber" INTEGER,
    "reason" TEXT,
    "reasonParams" JSONB,
    "acknowledgesId" TEXT,
    "loadId" TEXT,
    "raw" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EdiMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EdiTender" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "partnerId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "purpose" "EdiTenderPurpose" NOT NULL,
    "status" "EdiTenderStatus" NOT NULL DEFAULT 'pending',
    "respondBy" TIMESTAMPTZ(3),
    "references" JSONB NOT NULL DEFAULT '[]',
    "weightLb" INTEGER,
    "equipmentType" TEXT,
    "rateCents" INTEGER,
    "loadId" TEXT,
    "declineReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "EdiTender_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EdiTenderStop" (
    "id" TEXT NOT NULL,
    "tenderId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "postalCode" TEXT,
    "windowStart" TIMESTAMPTZ(3),
    "windowEnd" TIMESTAMPTZ(3),
    "weightLb" INTEGER,
    "references" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "EdiTenderStop_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EdiPartner_brokerId_idx" ON "EdiPartner"("brokerId");

-- CreateIndex
CREATE UNIQUE INDEX "EdiPartner_organizationId_name_key" ON "EdiPartner"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "EdiPartner_organizationId_isaQualifier_isaId_key" ON "EdiPartner"("organizationId", "isaQualifier", "isaId");

-- CreateIndex
CREATE UNIQUE INDEX "EdiPartner_organizationId_gsId_key" ON "EdiPartner"("organizationId", "gsId");

-- CreateIndex
CREATE UNIQUE INDEX "EdiMessage_acknowledgesId_key" ON "EdiMessage"("acknowledgesId");

-- CreateIndex
CREATE INDEX "EdiMessage_organizationId_createdAt_idx" ON "EdiMessage"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "EdiMessage_organizationId_status_idx" ON "EdiMessage"("organizationId", "status");

-- CreateIndex
CREATE INDEX "EdiMessage_partnerId_createdAt_idx" ON "EdiMessage"("partnerId", "createdAt");

-- CreateIndex
CREATE INDEX "EdiMessage_loadId_idx" ON "EdiMessage"("loadId");

-- CreateIndex
CREATE UNIQUE INDEX "EdiMessage_partnerId_ourControlNumber_key" ON "EdiMessage"("partnerId", "ourControlNumber");

-- CreateIndex
CREATE UNIQUE INDEX "EdiTender_loadId_key" ON "EdiTender"("loadId");

-- CreateIndex
CREATE INDEX "EdiTender_organizationId_createdAt_idx" ON "EdiTender"("organizationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "EdiTender_organizationId_status_idx" ON "EdiTender"("organizationId", "status");

-- CreateIndex
CREATE INDEX "EdiTender_messageId_idx" ON "EdiTender"("messageId");

-- CreateIndex
CREATE UNIQUE INDEX "EdiTender_partnerId_shipmentId_key" ON "EdiTender"("partnerId", "shipmentId");

-- CreateIndex
CREATE UNIQUE INDEX "EdiTenderStop_tenderId_sequence_key" ON "EdiTenderStop"("tenderId", "sequence");

-- AddForeignKey
ALTER TABLE "EdiPartner" ADD CONSTRAINT "EdiPartner_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiPartner" ADD CONSTRAINT "EdiPartner_brokerId_fkey" FOREIGN KEY ("brokerId") REFERENCES "Broker"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "EdiPartner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_acknowledgesId_fkey" FOREIGN KEY ("acknowledgesId") REFERENCES "EdiMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiTender" ADD CONSTRAINT "EdiTender_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiTender" ADD CONSTRAINT "EdiTender_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "EdiPartner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiTender" ADD CONSTRAINT "EdiTender_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "EdiMessage"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiTender" ADD CONSTRAINT "EdiTender_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EdiTenderStop" ADD CONSTRAINT "EdiTenderStop_tenderId_fkey" FOREIGN KEY ("tenderId") REFERENCES "EdiTender"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
-- An SFTP partner has somewhere to connect and a way to sign in; ports and control numbers stay in range.
ALTER TABLE "EdiPartner" ADD CONSTRAINT "EdiPartner_sftp_check" CHECK (
  "transport" <> 'sftp' OR ("sftpHost" IS NOT NULL AND "sftpUsername" IS NOT NULL AND num_nonnulls("sftpPasswordSealed", "sftpPrivateKeySealed") >= 1)
);
ALTER TABLE "EdiPartner" ADD CONSTRAINT "EdiPartner_port_check" CHECK ("sftpPort" IS NULL OR "sftpPort" BETWEEN 1 AND 65535);
ALTER TABLE "EdiPartner" ADD CONSTRAINT "EdiPartner_control_check" CHECK ("lastControlNumber" BETWEEN 0 AND 999999999);
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_control_check" CHECK ("ourControlNumber" IS NULL OR ("direction" = 'out' AND "ourControlNumber" BETWEEN 1 AND 999999999));
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_reason_check" CHECK (("status" = 'rejected') = ("reason" IS NOT NULL) OR "direction" = 'out');
ALTER TABLE "EdiTender" ADD CONSTRAINT "EdiTender_amounts_check" CHECK (("rateCents" IS NULL OR "rateCents" >= 0) AND ("weightLb" IS NULL OR "weightLb" >= 0));
