-- Synced lyrics (docs/product.md, "Synced lyrics"): one row per song that has a timeline or waits for one. The
-- composer's songs get theirs when they finish (state 1); an AceData song's is asked of upstream after it finishes
-- (state 0, retried with back-off from next_try_at) until upstream answers (1) or has none for it (2).
CREATE TABLE song_timelines (
    song_id TEXT PRIMARY KEY,
    state SMALLINT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    upstream_clip_id TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try_at BIGINT,
    updated_at BIGINT NOT NULL
);
CREATE INDEX song_timelines_due ON song_timelines (next_try_at) WHERE state = 0;

-- Extend and join (docs/product.md, "Extend and join"): what a song was made from. An extension (origin 'extend')
-- names the song it continues, a joined whole song ('concat') the extension it was joined from; other songs
-- ('generate') name none. Adding a column with a constant default rewrites no rows in either database.
ALTER TABLE songs ADD COLUMN source_id TEXT NOT NULL DEFAULT '';
ALTER TABLE songs ADD COLUMN origin TEXT NOT NULL DEFAULT 'generate';
