-- The square at any size (docs/performance.md).

-- The hot list's key no longer reads the clock (hotRank, libdomain/include/gequ/domain/model/hotness.h): compute it
-- once for every song here; from now on the song repository keeps it with every counter change.
UPDATE songs SET hotness = ln(greatest(play_count, 0) + 3 * greatest(like_count, 0) + 5 * greatest(forward_count, 0) + 1)
    + created_at / 259200000.0;

-- Genre lists: one row per style tag of each public finished song (lower case, trimmed), kept by the song
-- repository whenever a song is stored, and read newest first by the primary key.
CREATE TABLE song_tags (
    tag TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    song_id TEXT NOT NULL,
    PRIMARY KEY (tag, created_at, song_id)
);
CREATE INDEX song_tags_song ON song_tags (song_id);

INSERT INTO song_tags (tag, created_at, song_id)
    SELECT DISTINCT btrim(t, ' '), s.created_at, s.id
        FROM songs s, unnest(string_to_array(lower(s.tags), ',')) AS t
        WHERE s.open = 1 AND s.complete = 1 AND s.hidden = 0 AND s.deleted_at IS NULL AND btrim(t, ' ') <> ''
    ON CONFLICT DO NOTHING;

-- A user's works: only the songs they have not deleted, so listing, counting and paging (10,000 songs and more) read
-- the index alone; and the few still generating, for the works page's polling.
DROP INDEX songs_user;
CREATE INDEX songs_user_live ON songs (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX songs_user_generating ON songs (user_id) WHERE complete = 0 AND deleted_at IS NULL;
