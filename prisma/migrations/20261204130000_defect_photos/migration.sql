-- Photos of DVIR defects (ADR 135): uploaded before the report is filed, attached to one of its defects when it is.
-- CreateTable
CREATE TABLE "InspectionPhoto" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "inspectionId" TEXT,
    "defectId" TEXT,
    "storageKey" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "uploadedById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InspectionPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InspectionPhoto_storageKey_key" ON "InspectionPhoto"("storageKey");

-- CreateIndex
CREATE INDEX "InspectionPhoto_organizationId_createdAt_idx" ON "InspectionPhoto"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "InspectionPhoto_inspectionId_idx" ON "InspectionPhoto"("inspectionId");

-- CreateIndex
CREATE INDEX "InspectionPhoto_defectId_idx" ON "InspectionPhoto"("defectId");

-- CreateIndex
CREATE INDEX "InspectionPhoto_uploadedById_idx" ON "InspectionPhoto"("uploadedById");

-- AddForeignKey
ALTER TABLE "InspectionPhoto" ADD CONSTRAINT "InspectionPhoto_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionPhoto" ADD CONSTRAINT "InspectionPhoto_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionPhoto" ADD CONSTRAINT "InspectionPhoto_defectId_fkey" FOREIGN KEY ("defectId") REFERENCES "InspectionDefect"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionPhoto" ADD CONSTRAINT "InspectionPhoto_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Attached to a defect of a report, or to neither yet (an upload waiting for its report).
ALTER TABLE "InspectionPhoto" ADD CONSTRAINT "InspectionPhoto_attached_whole" CHECK (("inspectionId" IS NULL) = ("defectId" IS NULL));
ALTER TABLE "InspectionPhoto" ADD CONSTRAINT "InspectionPhoto_sizeBytes_check" CHECK ("sizeBytes" >= 0);

-- The files manager's index (ADR 067) lists an attached photo as an `inspection_photo` of its report; an upload not yet attached is not listed.
CREATE FUNCTION stored_file_inspection_photo() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."inspectionId" IS NULL THEN
    IF TG_OP <> 'INSERT' THEN DELETE FROM "StoredFile" WHERE id = OLD.id; END IF;
    RETURN COALESCE(NEW, OLD);
  END IF;
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'inspection_photo', 'inspection', NEW."inspectionId", NULL, NULL,
    NEW."fileName", NEW."contentType", NEW."sizeBytes", NEW."storageKey", NEW."uploadedById", NEW."createdAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR DELETE OR UPDATE OF "inspectionId" ON "InspectionPhoto" FOR EACH ROW EXECUTE FUNCTION stored_file_inspection_photo();
