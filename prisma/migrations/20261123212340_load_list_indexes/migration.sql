-- Trigram operator classes for the loads search indexes below.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "Load_organizationId_pickupAt_idx";

-- DropIndex
DROP INDEX "Load_organizationId_status_pickupAt_idx";

-- CreateIndex
CREATE INDEX "Load_organizationId_pickupAt_id_idx" ON "Load"("organizationId", "pickupAt", "id");

-- CreateIndex
CREATE INDEX "Load_organizationId_status_pickupAt_id_idx" ON "Load"("organizationId", "status", "pickupAt", "id");

-- CreateIndex
CREATE INDEX "Load_organizationId_deliveryAt_idx" ON "Load"("organizationId", "deliveryAt");

-- CreateIndex
CREATE INDEX "Load_organizationId_totalCents_idx" ON "Load"("organizationId", "totalCents");

-- CreateIndex
CREATE INDEX "Load_search_trgm_idx" ON "Load" USING GIN ("loadNumber" gin_trgm_ops, "brokerReference" gin_trgm_ops, "pickupCity" gin_trgm_ops, "deliveryCity" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "LoadStop_facility_trgm_idx" ON "LoadStop" USING GIN ("facilityName" gin_trgm_ops);
