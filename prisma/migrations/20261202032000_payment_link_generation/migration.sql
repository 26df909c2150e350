-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "paymentLinkGen" INTEGER NOT NULL DEFAULT 1;
