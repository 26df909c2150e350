-- Revocation reaches the open chat event streams of every app server (ADR 084): the database
-- announces on the `freightdesk_access` channel each change that can end someone's right to a
-- stream, whichever code (or cascade) made it, at commit like any NOTIFY. Payloads are a letter
-- and an id: `s:` a session (web or login token) is gone (sign-out, sign out everywhere, a ban, a
-- new password, expiry housekeeping, a deleted user), `k:` an API key is revoked or deleted, `u:` a
-- user's status or role changed (re-check their streams), `c:` a conversation's readers may have
-- changed (a participant left, its load's driver changed: re-check its streams).
CREATE FUNCTION "chat_access_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freightdesk_access', 's:' || "id") FROM gone;
  RETURN NULL;
END
$$;
CREATE TRIGGER "Session_access_delete" AFTER DELETE ON "Session"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "chat_access_notify_session"();

CREATE FUNCTION "chat_access_notify_api_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freightdesk_access', 'k:' || OLD."id");
  RETURN NULL;
END
$$;
CREATE TRIGGER "ApiKey_access_revoke" AFTER UPDATE OF "revokedAt" ON "ApiKey"
  FOR EACH ROW WHEN (OLD."revokedAt" IS NULL AND NEW."revokedAt" IS NOT NULL) EXECUTE FUNCTION "chat_access_notify_api_key"();
CREATE TRIGGER "ApiKey_access_delete" AFTER DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION "chat_access_notify_api_key"();

CREATE FUNCTION "chat_access_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freightdesk_access', 'u:' || NEW."id");
  RETURN NULL;
END
$$;
CREATE TRIGGER "User_access_update" AFTER UPDATE OF "status", "role", "organizationId" ON "User"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."role" IS DISTINCT FROM NEW."role"
    OR OLD."organizationId" IS DISTINCT FROM NEW."organizationId")
  EXECUTE FUNCTION "chat_access_notify_user"();

-- A driver reads a load's conversation only while the load is theirs (app/policies/chat.ts).
CREATE FUNCTION "chat_access_notify_load"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freightdesk_access', 'c:' || c."id") FROM "Conversation" c WHERE c."loadId" = NEW."id";
  RETURN NULL;
END
$$;
CREATE TRIGGER "Load_access_driver" AFTER UPDATE OF "driverId" ON "Load"
  FOR EACH ROW WHEN (OLD."driverId" IS DISTINCT FROM NEW."driverId") EXECUTE FUNCTION "chat_access_notify_load"();

-- Statement-level: a deleted conversation (or load, or organization) cascades to many participants.
CREATE FUNCTION "chat_access_notify_participants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freightdesk_access', 'c:' || "conversationId") FROM (SELECT DISTINCT "conversationId" FROM gone) AS changed;
  RETURN NULL;
END
$$;
CREATE TRIGGER "ConversationParticipant_access_delete" AFTER DELETE ON "ConversationParticipant"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "chat_access_notify_participants"();
