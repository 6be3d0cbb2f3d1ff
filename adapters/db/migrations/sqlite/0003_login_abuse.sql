-- Gequ schema, version 3 (SQLite): login abuse limits and media access (docs/security.md). Keep in step with
-- ../postgresql/0003_login_abuse.sql (a test compares the two).

-- One row per wrong login code guess: which phone, from which client (an IPv4 address or an IPv6 /64), when. Wrong
-- guesses lock the guessing client, not the code; rows older than a code's lifetime no longer count and are pruned.
CREATE TABLE login_failures (
    id INTEGER NOT NULL PRIMARY KEY,
    phone TEXT NOT NULL,
    client TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX login_failures_phone_client ON login_failures (phone, client, at);
CREATE INDEX login_failures_client ON login_failures (client, at);
CREATE INDEX login_failures_at ON login_failures (at);

-- The site-wide hourly SMS budget counts every code sent in the last hour.
CREATE INDEX sms_codes_created ON sms_codes (created_at);
-- The daily cap counts codes per phone and requesting client.
CREATE INDEX sms_codes_phone_ip ON sms_codes (phone, ip, created_at);

-- /media/<key> is served according to the song whose audio or cover it is.
CREATE INDEX songs_audio_url ON songs (audio_url);
CREATE INDEX songs_image_url ON songs (image_url);
