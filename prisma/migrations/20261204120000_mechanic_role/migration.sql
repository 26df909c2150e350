-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'mechanic' BEFORE 'viewer';
