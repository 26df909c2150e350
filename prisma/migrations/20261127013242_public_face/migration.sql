-- CreateEnum
CREATE TYPE "QuoteStatus" AS ENUM ('new', 'quoted', 'won', 'lost');

-- CreateEnum
CREATE TYPE "RemittanceStatus" AS ENUM ('pending', 'confirmed', 'dismissed');

-- CreateEnum
CREATE TYPE "PostStatus" AS ENUM ('draft', 'published');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextQuoteNumber" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "siteAbout" TEXT,
ADD COLUMN     "siteComingSoonAt" TIMESTAMPTZ(3),
ADD COLUMN     "siteContactEmail" TEXT,
ADD COLUMN     "siteContactPhone" TEXT,
ADD COLUMN     "siteFaq" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "siteServices" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "siteTagline" TEXT;

-- CreateTable
CREATE TABLE "QuoteRequest" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "QuoteStatus" NOT NULL DEFAULT 'new',
    "originCity" TEXT NOT NULL,
    "originState" TEXT NOT NULL,
    "destinationCity" TEXT NOT NULL,
    "destinationState" TEXT NOT NULL,
    "equipmentType" "TrailerType" NOT NULL,
    "pickupDate" DATE NOT NULL,
    "weightLb" INTEGER,
    "name" TEXT NOT NULL,
    "email" CITEXT NOT NULL,
    "company" TEXT,
    "phone" TEXT,
    "message" TEXT,
    "quotedCents" INTEGER,
    "quoteNote" TEXT,
    "quotedAt" TIMESTAMPTZ(3),
    "decidedAt" TIMESTAMPTZ(3),
    "lostReason" TEXT,
    "answeredById" TEXT,
    "loadId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "QuoteRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RemittanceAdvice" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "paidOn" DATE NOT NULL,
    "reference" TEXT,
    "payerName" TEXT,
    "status" "RemittanceStatus" NOT NULL DEFAULT 'pending',
    "paymentId" TEXT,
    "handledById" TEXT,
    "handledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "RemittanceAdvice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackingLink" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "lastViewedAt" TIMESTAMPTZ(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackingLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Post" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "body" TEXT NOT NULL,
    "bodyHtml" TEXT NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "PostStatus" NOT NULL DEFAULT 'draft',
    "publishedAt" TIMESTAMPTZ(3),
    "requiresAcknowledgment" BOOLEAN NOT NULL DEFAULT false,
    "coverStorageKey" TEXT,
    "coverContentType" TEXT,
    "coverFileName" TEXT,
    "coverSizeBytes" INTEGER,
    "authorId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Post_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostAcknowledgment" (
    "postId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostAcknowledgment_pkey" PRIMARY KEY ("postId","userId")
);

-- CreateTable
CREATE TABLE "PostComment" (
    "id" TEXT NOT NULL,
    "postId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "authorId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostComment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "QuoteRequest_loadId_key" ON "QuoteRequest"("loadId");

-- CreateIndex
CREATE INDEX "QuoteRequest_organizationId_status_createdAt_idx" ON "QuoteRequest"("organizationId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "QuoteRequest_organizationId_createdAt_idx" ON "QuoteRequest"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "QuoteRequest_organizationId_number_key" ON "QuoteRequest"("organizationId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "RemittanceAdvice_paymentId_key" ON "RemittanceAdvice"("paymentId");

-- CreateIndex
CREATE INDEX "RemittanceAdvice_invoiceId_createdAt_idx" ON "RemittanceAdvice"("invoiceId", "createdAt");

-- CreateIndex
CREATE INDEX "RemittanceAdvice_organizationId_status_idx" ON "RemittanceAdvice"("organizationId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "TrackingLink_tokenHash_key" ON "TrackingLink"("tokenHash");

-- CreateIndex
CREATE INDEX "TrackingLink_loadId_createdAt_idx" ON "TrackingLink"("loadId", "createdAt");

-- CreateIndex
CREATE INDEX "Post_organizationId_status_publishedAt_idx" ON "Post"("organizationId", "status", "publishedAt");

-- CreateIndex
CREATE INDEX "PostAcknowledgment_userId_idx" ON "PostAcknowledgment"("userId");

-- CreateIndex
CREATE INDEX "PostComment_postId_createdAt_idx" ON "PostComment"("postId", "createdAt");

-- AddForeignKey
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_answeredById_fkey" FOREIGN KEY ("answeredById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RemittanceAdvice" ADD CONSTRAINT "RemittanceAdvice_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RemittanceAdvice" ADD CONSTRAINT "RemittanceAdvice_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RemittanceAdvice" ADD CONSTRAINT "RemittanceAdvice_handledById_fkey" FOREIGN KEY ("handledById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingLink" ADD CONSTRAINT "TrackingLink_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingLink" ADD CONSTRAINT "TrackingLink_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingLink" ADD CONSTRAINT "TrackingLink_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Post" ADD CONSTRAINT "Post_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Post" ADD CONSTRAINT "Post_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostAcknowledgment" ADD CONSTRAINT "PostAcknowledgment_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostAcknowledgment" ADD CONSTRAINT "PostAcknowledgment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostAcknowledgment" ADD CONSTRAINT "PostAcknowledgment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostComment" ADD CONSTRAINT "PostComment_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostComment" ADD CONSTRAINT "PostComment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostComment" ADD CONSTRAINT "PostComment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules the database holds (issue 28).
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_quotedCents_check" CHECK ("quotedCents" IS NULL OR "quotedCents" > 0);
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_weightLb_check" CHECK ("weightLb" IS NULL OR "weightLb" > 0);
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_number_check" CHECK ("number" > 0);
ALTER TABLE "RemittanceAdvice" ADD CONSTRAINT "RemittanceAdvice_amountCents_check" CHECK ("amountCents" > 0);
ALTER TABLE "Post" ADD CONSTRAINT "Post_published_check" CHECK ("status" = 'draft' OR "publishedAt" IS NOT NULL);
ALTER TABLE "PostComment" ADD CONSTRAINT "PostComment_body_check" CHECK (length(btrim("body")) > 0);
