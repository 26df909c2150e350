-- Hand-written (Prisma does not model CHECK constraints): the dates and times people enter stay in
-- the years the app accepts (app/schemas/dates.ts: 1950 to 2200), widened by a year on each side for
-- what the app derives from them (an instant in a zone far from UTC, a due date from payment terms).
-- Year 0 and year 10000 cannot be read back by JavaScript through the driver (ADR 045).
--
-- Rows written before this rule are mended first: an optional date out of range is cleared, a
-- required one is brought to the nearest bound.

UPDATE "LoadStop" SET "windowStart" = NULL WHERE NOT ("windowStart" >= '1949-01-01 00:00:00+00' AND "windowStart" < '2202-01-01 00:00:00+00');
ALTER TABLE "LoadStop" ADD CONSTRAINT "LoadStop_windowStart_range_check" CHECK ("windowStart" >= '1949-01-01 00:00:00+00' AND "windowStart" < '2202-01-01 00:00:00+00');
UPDATE "LoadStop" SET "windowEnd" = NULL WHERE NOT ("windowEnd" >= '1949-01-01 00:00:00+00' AND "windowEnd" < '2202-01-01 00:00:00+00');
ALTER TABLE "LoadStop" ADD CONSTRAINT "LoadStop_windowEnd_range_check" CHECK ("windowEnd" >= '1949-01-01 00:00:00+00' AND "windowEnd" < '2202-01-01 00:00:00+00');
UPDATE "LoadStop" SET "actualArrival" = NULL WHERE NOT ("actualArrival" >= '1949-01-01 00:00:00+00' AND "actualArrival" < '2202-01-01 00:00:00+00');
ALTER TABLE "LoadStop" ADD CONSTRAINT "LoadStop_actualArrival_range_check" CHECK ("actualArrival" >= '1949-01-01 00:00:00+00' AND "actualArrival" < '2202-01-01 00:00:00+00');
UPDATE "LoadStop" SET "actualDeparture" = NULL WHERE NOT ("actualDeparture" >= '1949-01-01 00:00:00+00' AND "actualDeparture" < '2202-01-01 00:00:00+00');
ALTER TABLE "LoadStop" ADD CONSTRAINT "LoadStop_actualDeparture_range_check" CHECK ("actualDeparture" >= '1949-01-01 00:00:00+00' AND "actualDeparture" < '2202-01-01 00:00:00+00');

UPDATE "Load" SET "pickupAt" = NULL WHERE NOT ("pickupAt" >= '1949-01-01 00:00:00+00' AND "pickupAt" < '2202-01-01 00:00:00+00');
ALTER TABLE "Load" ADD CONSTRAINT "Load_pickupAt_range_check" CHECK ("pickupAt" >= '1949-01-01 00:00:00+00' AND "pickupAt" < '2202-01-01 00:00:00+00');
UPDATE "Load" SET "deliveryAt" = NULL WHERE NOT ("deliveryAt" >= '1949-01-01 00:00:00+00' AND "deliveryAt" < '2202-01-01 00:00:00+00');
ALTER TABLE "Load" ADD CONSTRAINT "Load_deliveryAt_range_check" CHECK ("deliveryAt" >= '1949-01-01 00:00:00+00' AND "deliveryAt" < '2202-01-01 00:00:00+00');

UPDATE "CalendarEvent" SET "startsAt" = LEAST(GREATEST("startsAt", TIMESTAMPTZ '1949-01-01 00:00:00+00'), TIMESTAMPTZ '2202-01-01 00:00:00+00' - INTERVAL '1 millisecond') WHERE NOT ("startsAt" >= '1949-01-01 00:00:00+00' AND "startsAt" < '2202-01-01 00:00:00+00');
ALTER TABLE "CalendarEvent" ADD CONSTRAINT "CalendarEvent_startsAt_range_check" CHECK ("startsAt" >= '1949-01-01 00:00:00+00' AND "startsAt" < '2202-01-01 00:00:00+00');
UPDATE "CalendarEvent" SET "endsAt" = LEAST(GREATEST("endsAt", TIMESTAMPTZ '1949-01-01 00:00:00+00'), TIMESTAMPTZ '2202-01-01 00:00:00+00' - INTERVAL '1 millisecond') WHERE NOT ("endsAt" >= '1949-01-01 00:00:00+00' AND "endsAt" < '2202-01-01 00:00:00+00');
ALTER TABLE "CalendarEvent" ADD CONSTRAINT "CalendarEvent_endsAt_range_check" CHECK ("endsAt" >= '1949-01-01 00:00:00+00' AND "endsAt" < '2202-01-01 00:00:00+00');

UPDATE "Truck" SET "registrationExpiry" = NULL WHERE NOT ("registrationExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Truck" ADD CONSTRAINT "Truck_registrationExpiry_range_check" CHECK ("registrationExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
UPDATE "Truck" SET "inspectionDue" = NULL WHERE NOT ("inspectionDue" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Truck" ADD CONSTRAINT "Truck_inspectionDue_range_check" CHECK ("inspectionDue" BETWEEN '1949-01-01' AND '2201-12-31');

UPDATE "Trailer" SET "registrationExpiry" = NULL WHERE NOT ("registrationExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Trailer" ADD CONSTRAINT "Trailer_registrationExpiry_range_check" CHECK ("registrationExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
UPDATE "Trailer" SET "inspectionDue" = NULL WHERE NOT ("inspectionDue" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Trailer" ADD CONSTRAINT "Trailer_inspectionDue_range_check" CHECK ("inspectionDue" BETWEEN '1949-01-01' AND '2201-12-31');

UPDATE "DriverProfile" SET "licenseExpiry" = NULL WHERE NOT ("licenseExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "DriverProfile" ADD CONSTRAINT "DriverProfile_licenseExpiry_range_check" CHECK ("licenseExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
UPDATE "DriverProfile" SET "medicalCardExpiry" = NULL WHERE NOT ("medicalCardExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "DriverProfile" ADD CONSTRAINT "DriverProfile_medicalCardExpiry_range_check" CHECK ("medicalCardExpiry" BETWEEN '1949-01-01' AND '2201-12-31');
UPDATE "DriverProfile" SET "hireDate" = NULL WHERE NOT ("hireDate" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "DriverProfile" ADD CONSTRAINT "DriverProfile_hireDate_range_check" CHECK ("hireDate" BETWEEN '1949-01-01' AND '2201-12-31');

UPDATE "Invoice" SET "issueDate" = LEAST(GREATEST("issueDate", DATE '1949-01-01'), DATE '2201-12-31') WHERE NOT ("issueDate" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_issueDate_range_check" CHECK ("issueDate" BETWEEN '1949-01-01' AND '2201-12-31');
UPDATE "Invoice" SET "dueDate" = LEAST(GREATEST("dueDate", DATE '1949-01-01'), DATE '2201-12-31') WHERE NOT ("dueDate" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_dueDate_range_check" CHECK ("dueDate" BETWEEN '1949-01-01' AND '2201-12-31');

UPDATE "Payment" SET "paidAt" = LEAST(GREATEST("paidAt", DATE '1949-01-01'), DATE '2201-12-31') WHERE NOT ("paidAt" BETWEEN '1949-01-01' AND '2201-12-31');
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_paidAt_range_check" CHECK ("paidAt" BETWEEN '1949-01-01' AND '2201-12-31');
