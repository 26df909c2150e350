-- CreateEnum
CREATE TYPE "EdiDelivery" AS ENUM ('waiting', 'delivered', 'failed', 'manual');

-- AlterTable
ALTER TABLE "EdiMessage" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "deliveredAt" TIMESTAMPTZ(3),
ADD COLUMN     "delivery" "EdiDelivery",
ADD COLUMN     "lastAttemptAt" TIMESTAMPTZ(3),
ADD COLUMN     "lastError" TEXT;

-- AlterTable
ALTER TABLE "EdiPartner" ADD COLUMN     "httpUrl" TEXT;

-- AlterTable
ALTER TABLE "EdiTender" ADD COLUMN     "conflict" TEXT,
ADD COLUMN     "conflictAt" TIMESTAMPTZ(3),
ADD COLUMN     "scac" TEXT;

-- Rules the database holds too (written by hand: Prisma does not model CHECK constraints).
-- Only what we send has a delivery; a delivered one says when; attempts never go below zero.
ALTER TABLE "EdiMessage" ADD CONSTRAINT "EdiMessage_delivery_check" CHECK (
  ("delivery" IS NULL OR "direction" = 'out')
  AND (("delivery" = 'delivered') = ("deliveredAt" IS NOT NULL))
  AND "attempts" >= 0
);
-- An http partner has somewhere to send to, and only over https. NOT VALID: an http partner saved
-- before the URL existed is left as it is (its messages fail with `http_url_missing` until an admin sets one).
ALTER TABLE "EdiPartner" ADD CONSTRAINT "EdiPartner_http_check" CHECK (
  ("transport" <> 'http' OR "httpUrl" IS NOT NULL) AND ("httpUrl" IS NULL OR "httpUrl" LIKE 'https://%')
) NOT VALID;
-- A tender's conflict says when it came.
ALTER TABLE "EdiTender" ADD CONSTRAINT "EdiTender_conflict_check" CHECK (("conflict" IS NULL) = ("conflictAt" IS NULL));
