-- Short keywords and large collections at any size (docs/performance.md).

-- Search with one or two characters: trigram indexes cannot serve them, so every 1- and 2-character piece of a
-- public song's title (ASCII lower case, no whitespace) gets a row here, kept by the song repository like song_tags
-- and read newest first by the primary key.
CREATE TABLE song_title_grams (
    gram TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    song_id TEXT NOT NULL,
    PRIMARY KEY (gram, created_at, song_id)
);
CREATE INDEX song_title_grams_song ON song_title_grams (song_id);

INSERT INTO song_title_grams (gram, created_at, song_id)
    SELECT DISTINCT substr(t.title, i, n), t.created_at, t.id
        FROM (SELECT id, created_at,
                     translate(title, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS title
                  FROM songs
                  WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL AND title <> '') t,
             generate_series(1, char_length(t.title)) AS i, (VALUES (1), (2)) AS g (n)
        WHERE i + n - 1 <= char_length(t.title) AND substr(t.title, i, n) !~ '[ \t\r\n]'
    ON CONFLICT DO NOTHING;

-- A user's song count (not deleted), kept by the song repository, so my works' count and last pages do not walk
-- all of a large collection.
CREATE TABLE user_song_counts (
    user_id TEXT PRIMARY KEY,
    live BIGINT NOT NULL
);
INSERT INTO user_song_counts (user_id, live)
    SELECT user_id, COUNT(*) FROM songs WHERE deleted_at IS NULL GROUP BY user_id;
