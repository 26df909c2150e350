-- AlterTable
ALTER TABLE "User" ADD COLUMN     "avatarSizeBytes" INTEGER;

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "recordType" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "ownerId" TEXT,
    "conversationId" TEXT,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FileShare" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileShare_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StoredFile_list_idx" ON "StoredFile"("organizationId", "createdAt" DESC, "id" DESC, "kind", "ownerId", "conversationId", "recordId", "sizeBytes");

-- CreateIndex
CREATE INDEX "StoredFile_organizationId_kind_createdAt_id_idx" ON "StoredFile"("organizationId", "kind", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "StoredFile_organizationId_recordType_createdAt_id_idx" ON "StoredFile"("organizationId", "recordType", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "StoredFile_organizationId_sizeBytes_id_idx" ON "StoredFile"("organizationId", "sizeBytes" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "StoredFile_organizationId_fileName_id_idx" ON "StoredFile"("organizationId", "fileName", "id");

-- CreateIndex
CREATE INDEX "StoredFile_fileName_trgm_idx" ON "StoredFile" USING GIN ("fileName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "StoredFile_recordType_recordId_idx" ON "StoredFile"("recordType", "recordId");

-- CreateIndex
CREATE UNIQUE INDEX "FileShare_tokenHash_key" ON "FileShare"("tokenHash");

-- CreateIndex
CREATE INDEX "FileShare_fileId_createdAt_idx" ON "FileShare"("fileId", "createdAt");

-- AddForeignKey
ALTER TABLE "StoredFile" ADD CONSTRAINT "StoredFile_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileShare" ADD CONSTRAINT "FileShare_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileShare" ADD CONSTRAINT "FileShare_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "StoredFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileShare" ADD CONSTRAINT "FileShare_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- ---------------------------------------------------------------------------------------------
-- StoredFile is kept by triggers on every table that holds a stored file (ADR 067): an insert
-- adds its row, a change of the bytes (another storage key) replaces it (its share links go), a
-- change of name or size updates it, a delete (a cascade too) removes it.

CREATE FUNCTION stored_file_put(
  p_id TEXT, p_org TEXT, p_kind TEXT, p_record_type TEXT, p_record_id TEXT, p_owner TEXT, p_conversation TEXT,
  p_name TEXT, p_type TEXT, p_size INTEGER, p_key TEXT, p_uploader TEXT, p_at TIMESTAMPTZ
) RETURNS void AS $$
BEGIN
  DELETE FROM "StoredFile" WHERE id = p_id AND "storageKey" <> p_key;
  INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "ownerId", "conversationId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
  VALUES (p_id, p_org, p_kind, p_record_type, p_record_id, p_owner, p_conversation, p_name, p_type, p_size, p_key, p_uploader, p_at)
  ON CONFLICT (id) DO UPDATE SET "fileName" = EXCLUDED."fileName", "contentType" = EXCLUDED."contentType", "sizeBytes" = EXCLUDED."sizeBytes",
    "recordId" = EXCLUDED."recordId", "ownerId" = EXCLUDED."ownerId", "conversationId" = EXCLUDED."conversationId";
END $$ LANGUAGE plpgsql;

CREATE FUNCTION stored_file_load_document() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM "StoredFile" WHERE id = OLD.id; RETURN OLD; END IF;
  PERFORM stored_file_put(NEW.id, NEW."organizationId", NEW.kind::text, 'load', NEW."loadId", NULL, NULL,
    NEW."fileName", NEW."contentType", NEW."sizeBytes", NEW."storageKey", NEW."uploadedById", NEW."uploadedAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR UPDATE OR DELETE ON "LoadDocument" FOR EACH ROW EXECUTE FUNCTION stored_file_load_document();

CREATE FUNCTION stored_file_mail_attachment() RETURNS trigger AS $$
DECLARE owner TEXT; uploader TEXT;
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM "StoredFile" WHERE id = OLD.id; RETURN OLD; END IF;
  SELECT m."ownerId", CASE WHEN m.folder IN ('sent', 'drafts') OR m."trashedFrom" IN ('sent', 'drafts') THEN m."ownerId" END
    INTO owner, uploader FROM "MailMessage" m WHERE m.id = NEW."messageId";
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'mail_attachment', 'mail', NEW."messageId", owner, NULL,
    NEW."fileName", NEW."contentType", NEW."sizeBytes", NEW."storageKey", uploader, NEW."createdAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR UPDATE OR DELETE ON "MailAttachment" FOR EACH ROW EXECUTE FUNCTION stored_file_mail_attachment();

CREATE FUNCTION stored_file_chat_attachment() RETURNS trigger AS $$
DECLARE conversation TEXT; sender TEXT;
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM "StoredFile" WHERE id = OLD.id; RETURN OLD; END IF;
  SELECT m."conversationId", m."senderId" INTO conversation, sender FROM "ChatMessage" m WHERE m.id = NEW."messageId";
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'chat_attachment', 'chat', conversation, NULL, conversation,
    NEW."fileName", NEW."contentType", NEW."sizeBytes", NEW."storageKey", sender, NEW."createdAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR UPDATE OR DELETE ON "ChatAttachment" FOR EACH ROW EXECUTE FUNCTION stored_file_chat_attachment();

CREATE FUNCTION stored_file_product_photo() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM "StoredFile" WHERE id = OLD.id; RETURN OLD; END IF;
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'product_photo', 'product', NEW."productId", NULL, NULL,
    NEW."fileName", NEW."contentType", NEW."sizeBytes", NEW."storageKey", NULL, NEW."createdAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR UPDATE OR DELETE ON "ProductPhoto" FOR EACH ROW EXECUTE FUNCTION stored_file_product_photo();

CREATE FUNCTION stored_file_post_cover() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."coverStorageKey" IS NULL THEN
    DELETE FROM "StoredFile" WHERE id = OLD.id;
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."coverStorageKey" IS NOT DISTINCT FROM NEW."coverStorageKey" THEN RETURN NEW; END IF;
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'post_cover', 'post', NEW.id, NULL, NULL,
    COALESCE(NEW."coverFileName", 'cover'), COALESCE(NEW."coverContentType", 'application/octet-stream'), COALESCE(NEW."coverSizeBytes", 0),
    NEW."coverStorageKey", NEW."authorId", NEW."updatedAt");
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR UPDATE OR DELETE ON "Post" FOR EACH ROW EXECUTE FUNCTION stored_file_post_cover();

-- An avatar's type is in its key: the part after the last "-" (or an older key's extension).
CREATE FUNCTION stored_file_avatar_ext(p_key TEXT) RETURNS TEXT AS $$
  SELECT CASE WHEN p_key ~ '\.(png|jpg|webp)$' THEN substring(p_key from '\.(png|jpg|webp)$') ELSE substring(p_key from '-([a-z]+)$') END
$$ LANGUAGE sql IMMUTABLE;

CREATE FUNCTION stored_file_avatar() RETURNS trigger AS $$
DECLARE ext TEXT;
BEGIN
  IF TG_OP = 'DELETE' OR NEW."avatarKey" IS NULL THEN
    DELETE FROM "StoredFile" WHERE id = OLD.id;
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."avatarKey" IS NOT DISTINCT FROM NEW."avatarKey" AND OLD."avatarSizeBytes" IS NOT DISTINCT FROM NEW."avatarSizeBytes" THEN RETURN NEW; END IF;
  ext := COALESCE(stored_file_avatar_ext(NEW."avatarKey"), 'png');
  PERFORM stored_file_put(NEW.id, NEW."organizationId", 'avatar', 'user', NEW.id, NULL, NULL,
    'avatar.' || ext, CASE ext WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' ELSE 'image/png' END,
    COALESCE(NEW."avatarSizeBytes", 0), NEW."avatarKey", NEW.id, now());
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER stored_file AFTER INSERT OR UPDATE OF "avatarKey", "avatarSizeBytes" OR DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION stored_file_avatar();

-- The files stored before this migration.
INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
SELECT id, "organizationId", kind::text, 'load', "loadId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "uploadedAt" FROM "LoadDocument";
INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "ownerId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
SELECT a.id, a."organizationId", 'mail_attachment', 'mail', a."messageId", m."ownerId", a."fileName", a."contentType", a."sizeBytes", a."storageKey",
  CASE WHEN m.folder IN ('sent', 'drafts') OR m."trashedFrom" IN ('sent', 'drafts') THEN m."ownerId" END, a."createdAt"
FROM "MailAttachment" a JOIN "MailMessage" m ON m.id = a."messageId";
INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "conversationId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
SELECT a.id, a."organizationId", 'chat_attachment', 'chat', m."conversationId", m."conversationId", a."fileName", a."contentType", a."sizeBytes", a."storageKey", m."senderId", a."createdAt"
FROM "ChatAttachment" a JOIN "ChatMessage" m ON m.id = a."messageId";
INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
SELECT id, "organizationId", 'product_photo', 'product', "productId", "fileName", "contentType", "sizeBytes", "storageKey", NULL, "createdAt" FROM "ProductPhoto";
INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
SELECT id, "organizationId", 'post_cover', 'post', id, COALESCE("coverFileName", 'cover'), COALESCE("coverContentType", 'application/octet-stream'), COALESCE("coverSizeBytes", 0),
  "coverStorageKey", "authorId", "updatedAt" FROM "Post" WHERE "coverStorageKey" IS NOT NULL;
INSERT INTO "StoredFile" (id, "organizationId", kind, "recordType", "recordId", "fileName", "contentType", "sizeBytes", "storageKey", "uploadedById", "createdAt")
SELECT id, "organizationId", 'avatar', 'user', id, 'avatar.' || COALESCE(stored_file_avatar_ext("avatarKey"), 'png'),
  CASE COALESCE(stored_file_avatar_ext("avatarKey"), 'png') WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' ELSE 'image/png' END,
  0, "avatarKey", id, "updatedAt" FROM "User" WHERE "avatarKey" IS NOT NULL;
