-- AlterTable
ALTER TABLE "FactoringSchedule" ADD COLUMN     "factorAddress" TEXT;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "assignedAt" TIMESTAMPTZ(3),
ADD COLUMN     "factorRemitTo" JSONB,
ADD COLUMN     "remitTo" JSONB;

-- Backfill (ADR 094). Until now every invoice's remit-to was computed live, and while an agreement
-- existed it was the factor's, whatever the invoice. What each existing invoice keeps:
--
-- 1. Schedules: the factor's remit-to address as the current agreement's factor has it (its address
--    lines and the agreement's email, else the company's), the address invoices it sold print.
UPDATE "FactoringSchedule" s
SET "factorAddress" = NULLIF(concat_ws(E'\n',
      NULLIF(c."addressLine1", ''),
      NULLIF(c."addressLine2", ''),
      NULLIF(concat_ws(', ', NULLIF(c."city", ''), NULLIF(concat_ws(' ', NULLIF(c."state", ''), NULLIF(c."postalCode", '')), '')), ''),
      NULLIF(c."country", ''),
      NULLIF(COALESCE(a."factorEmail", c."email"), '')), '')
FROM "FactoringAgreement" a
JOIN "Company" c ON c."id" = a."factorCompanyId"
WHERE a."organizationId" = s."organizationId";

-- 2. Every sent invoice: its own remit-to, as it prints without an agreement (the company's factoring
--    remit-to, or the organization's bank for an invoice from the organization; none otherwise).
UPDATE "Invoice" i
SET "remitTo" = CASE
  WHEN i."companyId" IS NOT NULL THEN (
    SELECT CASE WHEN NULLIF(c."factoringName", '') IS NOT NULL
      THEN jsonb_build_object('name', c."factoringName", 'address', NULLIF(c."factoringRemitTo", ''), 'bank', NULL) END
    FROM "Company" c WHERE c."id" = i."companyId")
  ELSE (
    SELECT CASE WHEN NULLIF(o."bankRoutingNumber", '') IS NOT NULL AND NULLIF(o."bankAccountNumber", '') IS NOT NULL
      THEN jsonb_build_object(
        'name', COALESCE(o."bankAccountName", o."legalName", o."name"),
        'address', NULL,
        'bank', jsonb_build_object(
          'accountName', COALESCE(o."bankAccountName", o."legalName", o."name"),
          'bankName', o."bankName",
          'routingNumber', o."bankRoutingNumber",
          'accountNumber', o."bankAccountNumber")) END
    FROM "Organization" o WHERE o."id" = i."organizationId")
  END
WHERE i."sentAt" IS NOT NULL;

-- 3. An invoice sent while the agreement existed went out naming the factor: that is what its broker
--    received, so it stays assigned to the factor, as by the carrier on the day it was sent (the
--    office takes it back with one click where that was wrong). One on a schedule sent to or bought
--    by the factor is assigned by that schedule already.
UPDATE "Invoice" i
SET "assignedAt" = i."sentAt",
    "factorRemitTo" = jsonb_build_object(
      'name', COALESCE(c."legalName", c."name"),
      'address', NULLIF(concat_ws(E'\n',
        NULLIF(c."addressLine1", ''),
        NULLIF(c."addressLine2", ''),
        NULLIF(concat_ws(', ', NULLIF(c."city", ''), NULLIF(concat_ws(' ', NULLIF(c."state", ''), NULLIF(c."postalCode", '')), '')), ''),
        NULLIF(c."country", ''),
        NULLIF(COALESCE(a."factorEmail", c."email"), '')), ''),
      'bank', NULL)
FROM "FactoringAgreement" a
JOIN "Company" c ON c."id" = a."factorCompanyId"
WHERE a."organizationId" = i."organizationId"
  AND i."sentAt" IS NOT NULL
  AND i."sentAt" >= a."createdAt"
  AND NOT EXISTS (
    SELECT 1 FROM "FactoringScheduleItem" fi JOIN "FactoringSchedule" s ON s."id" = fi."scheduleId"
    WHERE fi."liveInvoiceId" = i."id" AND s."status" IN ('sent', 'purchased'));
