-- Short keywords and large collections at any size (docs/performance.md).

-- Search with one or two characters: trigram full text cannot index them, so every 1- and 2-character piece of a
-- public song's title (ASCII lower case, no whitespace) gets a row here, kept by the song repository like song_tags
-- and read newest first by the primary key.
CREATE TABLE song_title_grams (
    gram TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    song_id TEXT NOT NULL,
    PRIMARY KEY (gram, created_at, song_id)
) WITHOUT ROWID;
CREATE INDEX song_title_grams_song ON song_title_grams (song_id);

WITH RECURSIVE piece (song_id, created_at, title, i) AS (
    SELECT id, created_at, lower(title), 1 FROM songs
        WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL AND title <> ''
    UNION ALL
    SELECT song_id, created_at, title, i + 1 FROM piece WHERE i < length(title)
)
INSERT OR IGNORE INTO song_title_grams (gram, created_at, song_id)
    SELECT substr(title, i, n), created_at, song_id FROM piece, (SELECT 1 AS n UNION ALL SELECT 2)
        WHERE i + n - 1 <= length(title) AND instr(substr(title, i, n), ' ') = 0
        AND instr(substr(title, i, n), char(9)) = 0 AND instr(substr(title, i, n), char(10)) = 0
        AND instr(substr(title, i, n), char(13)) = 0;

-- A user's song count (not deleted), kept by the song repository, so my works' count and last pages do not walk
-- all of a large collection.
CREATE TABLE user_song_counts (
    user_id TEXT PRIMARY KEY,
    live BIGINT NOT NULL
);
INSERT INTO user_song_counts (user_id, live)
    SELECT user_id, COUNT(*) FROM songs WHERE deleted_at IS NULL GROUP BY user_id;
