-- A fuel purchase's receipt (ADR 129): a photo or scan through the storage module.
ALTER TABLE "FuelPurchase"
  ADD COLUMN "receiptFileName" TEXT,
  ADD COLUMN "receiptContentType" TEXT,
  ADD COLUMN "receiptSizeBytes" INTEGER,
  ADD COLUMN "receiptStorageKey" TEXT,
  ADD COLUMN "receiptUploadedAt" TIMESTAMPTZ(3),
  ADD COLUMN "receiptUploadedById" TEXT;

CREATE UNIQUE INDEX "FuelPurchase_receiptStorageKey_key" ON "FuelPurchase"("receiptStorageKey");

-- All of the receipt or none of it.
ALTER TABLE "FuelPurchase" ADD CONSTRAINT "FuelPurchase_receipt_whole" CHECK (
  ("receiptStorageKey" IS NULL AND "receiptFileName" IS NULL AND "receiptContentType" IS NULL AND "receiptSizeBytes" IS NULL AND "receiptUploadedAt" IS NULL)
  OR ("receiptStorageKey" IS NOT NULL AND "receiptFileName" IS NOT NULL AND "receiptContentType" IS NOT NULL AND "receiptSizeBytes" >= 0 AND "receiptUploadedAt" IS NOT NULL)
);

-- The files manager's index (ADR 067) lists a receipt as a `fuel_receipt` of its purchase; the id is the purchase's.
CREATE FUNCTION stored_file_fuel_receipt() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."receiptStorageKey" IS NULL THEN
    IF TG_OP <> 'INSERT' THEN DELETE FROM "StoredFile" WHERE id = OLD.id; END IF;
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."receiptStorageKey" IS NOT DISTINCT FROM NEW."receiptStorageKey" THEN RETURN NEW; END IF;
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'fuel_receipt', 'fuel_purchase', NEW.id, NULL, NULL,
    NEW."receiptFileName", NEW."receiptContentType", NEW."receiptSizeBytes", NEW."receiptStorageKey", NEW."receiptUploadedById", NEW."receiptUploadedAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR DELETE OR UPDATE OF "receiptStorageKey" ON "FuelPurchase" FOR EACH ROW EXECUTE FUNCTION stored_file_fuel_receipt();
