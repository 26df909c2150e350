-- ADR 126: trips imported from an ELD file carry a key; a file imported again skips them.
ALTER TABLE "Trip" ADD COLUMN "importKey" TEXT;

CREATE UNIQUE INDEX "Trip_organizationId_importKey_key" ON "Trip"("organizationId", "importKey");
