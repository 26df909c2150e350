-- AlterTable
ALTER TABLE "MaintenanceMode" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
