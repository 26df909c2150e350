-- AlterTable
ALTER TABLE "FactoringSchedule" ADD COLUMN     "invoiceCount" INTEGER NOT NULL DEFAULT 0;

-- A schedule's number of invoices, kept on the schedule by triggers (ADR 079), as its totals are:
-- the schedules list reads one row per schedule instead of counting its items. Statement-level,
-- so a schedule's N items written by one statement update it once.
CREATE FUNCTION "FactoringSchedule_invoiceCount_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "FactoringSchedule" s
  SET "invoiceCount" = (SELECT count(*) FROM "FactoringScheduleItem" i WHERE i."scheduleId" = s."id")
  WHERE s."id" IN (SELECT DISTINCT "scheduleId" FROM changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER "FactoringScheduleItem_count_insert" AFTER INSERT ON "FactoringScheduleItem"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "FactoringSchedule_invoiceCount_sync"();
CREATE TRIGGER "FactoringScheduleItem_count_delete" AFTER DELETE ON "FactoringScheduleItem"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "FactoringSchedule_invoiceCount_sync"();

-- The schedules made before.
UPDATE "FactoringSchedule" s
SET "invoiceCount" = (SELECT count(*) FROM "FactoringScheduleItem" i WHERE i."scheduleId" = s."id");
