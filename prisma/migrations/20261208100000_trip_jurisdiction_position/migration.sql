-- AlterTable
ALTER TABLE "TripJurisdiction" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- A trip's lines stored before had no order and were read alphabetically: they keep that order (ADR 154).
UPDATE "TripJurisdiction" AS line
SET "position" = ordered.rank - 1
FROM (
  SELECT "id", ROW_NUMBER() OVER (PARTITION BY "tripId" ORDER BY "jurisdiction") AS rank
  FROM "TripJurisdiction"
) AS ordered
WHERE ordered."id" = line."id";
