-- The loads list's search (ADR 111): one lowercased column instead of four ILIKEs. ILIKE lowercases
-- both sides of every row it tests (ICU, an allocation each): a common word's capped count tested
-- 150,000 rows × 4 columns per request at ten million loads. LIKE on this column compares bytes.
-- The same text ILIKE compared (lower() of each column in the database's collation); the columns
-- are joined by U+001F, which a search containing it never reaches (it falls back to ILIKE).

-- DropIndex: the four-column trigram index, replaced by one on the new column (dropped first, so
-- the table's rewrite below does not rebuild it).
DROP INDEX "Load_search_trgm_idx";

-- AlterTable: rewrites the table once (the value of each row is computed and stored).
ALTER TABLE "Load" ADD COLUMN "searchText" TEXT GENERATED ALWAYS AS (
  lower(coalesce("loadNumber", '') || E'\x1f' || coalesce("brokerReference", '') || E'\x1f' || coalesce("pickupCity", '') || E'\x1f' || coalesce("deliveryCity", ''))
) STORED;

-- CreateIndex
CREATE INDEX "Load_search_trgm_idx" ON "Load" USING GIN ("searchText" gin_trgm_ops);

-- The planner estimates a search from the new column's statistics: gather them now rather than
-- when autovacuum comes by (a rewritten table has none).
ANALYZE "Load";
