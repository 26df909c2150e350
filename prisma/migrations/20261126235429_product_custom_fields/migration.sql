-- AlterEnum
ALTER TYPE "CustomFieldList" ADD VALUE 'products';

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "customFields" JSONB NOT NULL DEFAULT '{}';
