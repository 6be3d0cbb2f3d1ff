-- The square at any size (docs/performance.md).

-- The hot list's key no longer reads the clock (hotRank, libdomain/include/gequ/domain/model/hotness.h): compute it
-- once for every song here; from now on the song repository keeps it with every counter change.
UPDATE songs SET hotness = ln(max(play_count, 0) + 3 * max(like_count, 0) + 5 * max(forward_count, 0) + 1)
    + created_at / 259200000.0;

-- Genre lists: one row per style tag of each public finished song (lower case, trimmed), kept by the song
-- repository whenever a song is stored, and read newest first by the primary key.
CREATE TABLE song_tags (
    tag TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    song_id TEXT NOT NULL,
    PRIMARY KEY (tag, created_at, song_id)
) WITHOUT ROWID;
CREATE INDEX song_tags_song ON song_tags (song_id);

WITH RECURSIVE split (song_id, created_at, rest, tag) AS (
    SELECT id, created_at, lower(tags) || ',', NULL FROM songs
        WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL
    UNION ALL
    SELECT song_id, created_at, substr(rest, instr(rest, ',') + 1), trim(substr(rest, 1, instr(rest, ',') - 1), ' ')
        FROM split WHERE rest <> ''
)
INSERT OR IGNORE INTO song_tags (tag, created_at, song_id)
    SELECT tag, created_at, song_id FROM split WHERE tag IS NOT NULL AND tag <> '';

-- A user's works: only the songs they have not deleted, so listing, counting and paging (10,000 songs and more) read
-- the index alone; and the few still generating, for the works page's polling.
-- (SQLite reads an index alone only when it holds every column the query names, the partial index's own terms
-- included; so they are stored in it too. PostgreSQL knows an index's predicate holds and needs no such copy.)
DROP INDEX songs_user;
CREATE INDEX songs_user_live ON songs (user_id, created_at DESC, id DESC, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX songs_user_generating ON songs (user_id) WHERE complete = 0 AND deleted_at IS NULL;

-- The public lists' indexes again, now holding the columns of their own terms, so that paging reads them alone.
DROP INDEX songs_public_new;
CREATE INDEX songs_public_new ON songs (created_at DESC, id DESC, open, complete, hidden, deleted_at)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL;
DROP INDEX songs_public_hot;
CREATE INDEX songs_public_hot ON songs (hotness DESC, created_at DESC, id DESC, open, complete, hidden, deleted_at)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL;
-- Whether a full-text match is public, from a small index instead of the song's row (whose lyric may run to
-- several pages).
CREATE INDEX songs_public_seq ON songs (seq, open, complete, hidden, deleted_at)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL;
