-- Every organization has an inbound address (issue 26, docs/decisions/054-inbound-smtp-receiver.md).
-- Existing ones get a readable local part like the app gives new ones: the name as a slug (at most
-- 24 characters, `org` when nothing ASCII is left) and six random characters.
UPDATE "Organization"
SET "inboundLocalPart" = coalesce(
    nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), 24)), ''),
    'org'
  ) || '-' || substr(md5(gen_random_uuid()::text), 1, 6)
WHERE "inboundLocalPart" IS NULL;

-- AlterTable: a row made without one (a script, a test) still gets a random one.
ALTER TABLE "Organization" ALTER COLUMN "inboundLocalPart" SET NOT NULL,
ALTER COLUMN "inboundLocalPart" SET DEFAULT ('org-'::text || substr(md5((gen_random_uuid())::text), 1, 12));
