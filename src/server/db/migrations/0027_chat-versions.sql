-- A booking's chat version (docs/decisions.md, "Volume and indexes", chat polls): bumped in the
-- same transaction as every write to the booking's messages or read marks, by these triggers, so
-- that every write path (posts, deletes, read marks, the sweeps' team lines, data retention) counts
-- and every instance sees it at commit. Values come from one sequence: a version never repeats,
-- even for a booking whose row was removed. No foreign key: a booking's deletion may cascade
-- through its messages, and an orphan row is harmless (one small row).
CREATE SEQUENCE "chat_version_seq";
--> statement-breakpoint
CREATE TABLE "chat_versions" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_chat_version(booking uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF booking IS NOT NULL THEN
    INSERT INTO chat_versions (booking_id, version) VALUES (booking, nextval('chat_version_seq'))
    ON CONFLICT (booking_id) DO UPDATE SET version = excluded.version;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION messages_chat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM bump_chat_version(NEW.booking_id); END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.booking_id IS DISTINCT FROM NEW.booking_id) THEN
    PERFORM bump_chat_version(OLD.booking_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION message_reads_chat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The message may be gone already (a cascade): its own deletion bumped the version.
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_chat_version((SELECT booking_id FROM messages WHERE id = NEW.message_id));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_chat_version((SELECT booking_id FROM messages WHERE id = OLD.message_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_chat_version AFTER INSERT OR UPDATE OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION messages_chat_changed();
--> statement-breakpoint
CREATE TRIGGER message_reads_chat_version AFTER INSERT OR UPDATE OR DELETE ON message_reads FOR EACH ROW EXECUTE FUNCTION message_reads_chat_changed();
