-- Gequ schema, version 8 (SQLite): login abuse from many clients (docs/security.md, "Login abuse"). Keep in step
-- with ../postgresql/0008_login_networks.sql (a test compares the two).

-- The network (an IPv4 /24 or an IPv6 /56) that asked for a code: a code is good only for the network that asked for
-- it, a new code replaces only that network's older ones, and the networks' share of the site-wide budget is counted
-- from here. Codes from before this version have none and stay good for anyone until they expire (10 minutes).
ALTER TABLE sms_codes ADD COLUMN network TEXT NOT NULL DEFAULT '';
CREATE INDEX sms_codes_phone_network ON sms_codes (phone, network, created_at);
CREATE INDEX sms_codes_network ON sms_codes (network, created_at);

-- Wrong guesses are now counted per phone over all clients for a day.
CREATE INDEX login_failures_phone ON login_failures (phone, at);

-- The proof-of-work challenges already used (each is good once), kept until they expire.
CREATE TABLE login_challenges_spent (
    challenge TEXT NOT NULL PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX login_challenges_spent_expires ON login_challenges_spent (expires_at);

-- Redeem codes are stored as the HMAC-SHA256, under a key derived from auth.secret, of the SHA-256 hex of the
-- normalised code. Before this version they were stored as that SHA-256 hex alone: those rows are marked here, and
-- the server rewrites each one to its HMAC (computable from the stored hash, so every existing code keeps working)
-- when it starts, clearing the mark.
ALTER TABLE redeem_codes ADD COLUMN plain_sha256 INTEGER NOT NULL DEFAULT 0;
UPDATE redeem_codes SET plain_sha256 = 1;
