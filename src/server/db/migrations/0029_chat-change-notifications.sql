-- A chat's version change tells every instance, by its own topic (docs/decisions.md, "Reads kept in
-- memory", rule 16): the payload `chat:<booking>` drops what an instance keeps for that chat only
-- (the caller's access and the version a poll compares), no other kept read. Sent at commit, in the
-- order of commits, on the channel the read barrier follows. Replacing the function changes no row:
-- fast on a full database.
CREATE OR REPLACE FUNCTION bump_chat_version(booking uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF booking IS NOT NULL THEN
    INSERT INTO chat_versions (booking_id, version) VALUES (booking, nextval('chat_version_seq'))
    ON CONFLICT (booking_id) DO UPDATE SET version = excluded.version;
    PERFORM pg_notify('parc_data_change', 'chat:' || booking::text);
  END IF;
END
$$;
