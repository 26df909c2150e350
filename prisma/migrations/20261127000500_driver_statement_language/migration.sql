-- AlterTable
ALTER TABLE "DriverProfile" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';
