-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "attachmentList" JSONB NOT NULL DEFAULT '[]';

-- The list of a message's attachments, kept on the message by triggers (ADR 075): the mail list
-- reads one row per message instead of a second query. Statement-level, so a message's N
-- attachments written by one createMany update it once.
CREATE FUNCTION "MailMessage_attachmentList_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "MailMessage" m
  SET "attachmentList" = coalesce((
    SELECT jsonb_agg(jsonb_build_object('id', a."id", 'fileName', a."fileName", 'contentType', a."contentType", 'sizeBytes', a."sizeBytes") ORDER BY a."createdAt", a."id")
    FROM "MailAttachment" a
    WHERE a."messageId" = m."id"
  ), '[]'::jsonb)
  WHERE m."id" IN (SELECT DISTINCT "messageId" FROM changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER "MailAttachment_list_insert" AFTER INSERT ON "MailAttachment"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "MailMessage_attachmentList_sync"();
CREATE TRIGGER "MailAttachment_list_update" AFTER UPDATE ON "MailAttachment"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "MailMessage_attachmentList_sync"();
CREATE TRIGGER "MailAttachment_list_delete" AFTER DELETE ON "MailAttachment"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "MailMessage_attachmentList_sync"();

-- The messages stored before.
UPDATE "MailMessage" m
SET "attachmentList" = (
  SELECT jsonb_agg(jsonb_build_object('id', a."id", 'fileName', a."fileName", 'contentType', a."contentType", 'sizeBytes', a."sizeBytes") ORDER BY a."createdAt", a."id")
  FROM "MailAttachment" a
  WHERE a."messageId" = m."id"
)
WHERE EXISTS (SELECT 1 FROM "MailAttachment" a WHERE a."messageId" = m."id");
