-- Gequ schema, version 1 (SQLite). Keep in step with ../postgresql/0001_init.sql (a test compares the two).
-- Times are epoch milliseconds (BIGINT), flags are INTEGER 0/1, money is integer fen.

CREATE TABLE users (
    id TEXT NOT NULL PRIMARY KEY,
    phone TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL DEFAULT '',
    avatar_url TEXT NOT NULL DEFAULT '',
    integral BIGINT NOT NULL DEFAULT 0,
    membership_level INTEGER NOT NULL DEFAULT 0,
    membership_expires_at BIGINT,
    lifetime INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX users_created ON users (created_at, id);

CREATE TABLE sessions (
    token_hash TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    last_ip TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE sms_codes (
    id INTEGER NOT NULL PRIMARY KEY,
    phone TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed_at BIGINT,
    ip TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at);
CREATE INDEX sms_codes_ip ON sms_codes (ip, created_at);

CREATE TABLE points_records (
    id INTEGER NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    delta BIGINT NOT NULL,
    type INTEGER NOT NULL,
    balance BIGINT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    ref TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX points_records_user ON points_records (user_id, id);

CREATE TABLE generation_tasks (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    provider TEXT NOT NULL DEFAULT '',
    upstream_task_id TEXT NOT NULL DEFAULT '',
    request_json TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL,
    channel TEXT NOT NULL,
    charged INTEGER NOT NULL DEFAULT 0,
    refunded INTEGER NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_poll_at BIGINT,
    lease_owner TEXT NOT NULL DEFAULT '',
    lease_until BIGINT,
    created_at BIGINT NOT NULL,
    submitted_at BIGINT,
    finished_at BIGINT
);
CREATE INDEX generation_tasks_due ON generation_tasks (state, next_poll_at);
CREATE INDEX generation_tasks_user ON generation_tasks (user_id, state);
CREATE INDEX generation_tasks_created ON generation_tasks (created_at, id);

-- seq is SQLite-only: a stable rowid for the FTS5 external-content table (VACUUM may renumber implicit rowids).
CREATE TABLE songs (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    task_id TEXT NOT NULL DEFAULT '',
    user_id TEXT NOT NULL REFERENCES users (id),
    clip_index INTEGER NOT NULL DEFAULT 0,
    title TEXT NOT NULL DEFAULT '',
    tags TEXT NOT NULL DEFAULT '',
    prompt TEXT NOT NULL DEFAULT '',
    lyric TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    image_url TEXT NOT NULL DEFAULT '',
    audio_url TEXT NOT NULL DEFAULT '',
    stream_url TEXT NOT NULL DEFAULT '',
    upstream_audio_url TEXT NOT NULL DEFAULT '',
    upstream_image_url TEXT NOT NULL DEFAULT '',
    duration DOUBLE PRECISION NOT NULL DEFAULT 0,
    complete INTEGER NOT NULL DEFAULT 0,
    open INTEGER NOT NULL DEFAULT 0,
    hidden INTEGER NOT NULL DEFAULT 0,
    deleted_at BIGINT,
    play_count BIGINT NOT NULL DEFAULT 0,
    forward_count BIGINT NOT NULL DEFAULT 0,
    like_count BIGINT NOT NULL DEFAULT 0,
    hotness DOUBLE PRECISION NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);
CREATE INDEX songs_public_new ON songs (created_at DESC, id DESC)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL;
CREATE INDEX songs_public_hot ON songs (hotness DESC, created_at DESC, id DESC)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL;
CREATE INDEX songs_user ON songs (user_id, created_at DESC, id DESC);
CREATE INDEX songs_task ON songs (task_id, clip_index);

-- Full-text search: trigram tokens, so any Chinese substring of three or more characters matches.
CREATE VIRTUAL TABLE songs_fts USING fts5(
    title, tags, lyric, content = 'songs', content_rowid = 'seq', tokenize = 'trigram'
);
CREATE TRIGGER songs_fts_insert AFTER INSERT ON songs BEGIN
    INSERT INTO songs_fts (rowid, title, tags, lyric) VALUES (new.seq, new.title, new.tags, new.lyric);
END;
CREATE TRIGGER songs_fts_delete AFTER DELETE ON songs BEGIN
    INSERT INTO songs_fts (songs_fts, rowid, title, tags, lyric) VALUES ('delete', old.seq, old.title, old.tags, old.lyric);
END;
CREATE TRIGGER songs_fts_update AFTER UPDATE OF title, tags, lyric ON songs
    WHEN old.title IS NOT new.title OR old.tags IS NOT new.tags OR old.lyric IS NOT new.lyric
BEGIN
    INSERT INTO songs_fts (songs_fts, rowid, title, tags, lyric) VALUES ('delete', old.seq, old.title, old.tags, old.lyric);
    INSERT INTO songs_fts (rowid, title, tags, lyric) VALUES (new.seq, new.title, new.tags, new.lyric);
END;

CREATE TABLE song_likes (
    user_id TEXT NOT NULL REFERENCES users (id),
    song_id TEXT NOT NULL REFERENCES songs (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, song_id)
);
CREATE INDEX song_likes_song ON song_likes (song_id);

-- One row per (song, viewer): the last counted play, for the 30-minute de-duplication.
CREATE TABLE play_events (
    song_id TEXT NOT NULL,
    viewer_key TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (song_id, viewer_key)
);
CREATE INDEX play_events_at ON play_events (at);

CREATE TABLE orders (
    order_no TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    plan_id INTEGER NOT NULL,
    amount_fen BIGINT NOT NULL,
    channel TEXT NOT NULL,
    provider TEXT NOT NULL,
    state TEXT NOT NULL,
    provider_txn_id TEXT NOT NULL DEFAULT '',
    paid_amount_fen BIGINT,
    code_url TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    paid_at BIGINT,
    closed_at BIGINT,
    notify_count INTEGER NOT NULL DEFAULT 0,
    anomaly INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX orders_state ON orders (state, created_at);
CREATE INDEX orders_user ON orders (user_id, created_at);

CREATE TABLE redeem_codes (
    id TEXT NOT NULL PRIMARY KEY,
    code_hash TEXT NOT NULL UNIQUE,
    points BIGINT NOT NULL DEFAULT 0,
    plan_id INTEGER,
    max_uses INTEGER NOT NULL DEFAULT 1,
    used_count INTEGER NOT NULL DEFAULT 0,
    expires_at BIGINT,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX redeem_codes_created ON redeem_codes (created_at, id);

CREATE TABLE redemptions (
    code_id TEXT NOT NULL REFERENCES redeem_codes (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (code_id, user_id)
);
