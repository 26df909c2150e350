-- The money maximums (issue 36, ADR 089; the numbers are app/schemas/money-limits.ts's).
--
-- Sums of any number of lines are BIGINT: a settlement's totals and its lines (a load's pay comes
-- from rates that may have been set before the maximums), and a factoring schedule's figures (up
-- to 100 invoices of a document each).
ALTER TABLE "Settlement" ALTER COLUMN "grossCents" SET DATA TYPE BIGINT,
ALTER COLUMN "deductionsCents" SET DATA TYPE BIGINT,
ALTER COLUMN "netCents" SET DATA TYPE BIGINT;

ALTER TABLE "SettlementItem" ALTER COLUMN "amountCents" SET DATA TYPE BIGINT;

ALTER TABLE "FactoringSchedule" ALTER COLUMN "totalCents" SET DATA TYPE BIGINT,
ALTER COLUMN "advanceCents" SET DATA TYPE BIGINT,
ALTER COLUMN "feeCents" SET DATA TYPE BIGINT,
ALTER COLUMN "reserveCents" SET DATA TYPE BIGINT,
ALTER COLUMN "reserveReleasedCents" SET DATA TYPE BIGINT;

-- Every other money column holds at most its kind's maximum, which the schemas refuse past (400):
-- one amount 1,000,000,000; one document 2,000,000,000; across documents 10,000,000,000; a store
-- price 10,000,000; a rate per mile 50,000 (a percentage: 10,000 basis points). The database holds
-- them too, whatever writes. NOT VALID: rows written before are not checked again (the old bounds
-- let a few amounts past these); every new or changed row is.
ALTER TABLE "Load" ADD CONSTRAINT "Load_money_max" CHECK ("linehaulCents" <= 1000000000 AND "totalCents" <= 1000000000) NOT VALID;
ALTER TABLE "LoadCharge" ADD CONSTRAINT "LoadCharge_money_max" CHECK ("amountCents" <= 1000000000) NOT VALID;
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_money_max" CHECK (
  "subtotalCents" <= 2000000000 AND "discountCents" <= 2000000000 AND "taxCents" <= 2000000000
  AND "totalCents" <= 2000000000 AND "amountPaidCents" <= 2000000000
) NOT VALID;
ALTER TABLE "InvoiceItem" ADD CONSTRAINT "InvoiceItem_money_max" CHECK ("unitPriceCents" <= 2000000000 AND "totalCents" <= 2000000000) NOT VALID;
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_money_max" CHECK ("amountCents" <= 2000000000) NOT VALID;
ALTER TABLE "RemittanceAdvice" ADD CONSTRAINT "RemittanceAdvice_money_max" CHECK ("amountCents" <= 2000000000) NOT VALID;
ALTER TABLE "Product" ADD CONSTRAINT "Product_money_max" CHECK ("priceCents" <= 10000000) NOT VALID;
ALTER TABLE "StoreOrder" ADD CONSTRAINT "StoreOrder_money_max" CHECK (
  "subtotalCents" <= 2000000000 AND "discountCents" <= 2000000000 AND "shippingCents" <= 2000000000 AND "totalCents" <= 2000000000
) NOT VALID;
ALTER TABLE "StoreOrderItem" ADD CONSTRAINT "StoreOrderItem_money_max" CHECK ("priceCents" <= 10000000 AND "lineTotalCents" <= 2000000000) NOT VALID;
ALTER TABLE "QuoteRequest" ADD CONSTRAINT "QuoteRequest_money_max" CHECK ("quotedCents" <= 1000000000) NOT VALID;
ALTER TABLE "FactoringScheduleItem" ADD CONSTRAINT "FactoringScheduleItem_money_max" CHECK (
  "amountCents" <= 2000000000 AND "advanceCents" <= 2000000000 AND "feeCents" <= 2000000000 AND "reserveCents" <= 2000000000
) NOT VALID;
ALTER TABLE "Broker" ADD CONSTRAINT "Broker_money_max" CHECK ("creditLimitCents" <= 10000000000) NOT VALID;
ALTER TABLE "DriverProfile" ADD CONSTRAINT "DriverProfile_money_max" CHECK (
  "payRate" <= 1000000000
  AND ("payMethod" IS DISTINCT FROM 'per_mile' OR "payRate" <= 50000)
  AND ("payMethod" IS DISTINCT FROM 'percent' OR "payRate" <= 10000)
  AND "emptyMileRateCents" <= 50000
) NOT VALID;
