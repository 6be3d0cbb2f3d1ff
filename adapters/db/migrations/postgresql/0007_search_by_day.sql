-- Search at any size (docs/performance.md, "Search"). Keep in step with ../sqlite/0007_search_by_day.sql.
--
-- One GIN index holds each public song's trigrams (of its title, tags and lyric joined by spaces) beside the day it
-- was made (btree_gin, so the day is a key of the same index). A search reads the newest days one at a time, each
-- from both keys at once, so a common keyword reads only the rows of the day or two that fill its page instead of
-- every match; a rare one reads the trigrams alone. It replaces the three per-column trigram indexes, which only
-- search used. Creating the index indexes every existing song.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX songs_text_day ON songs USING gin ((created_at / 86400000), (title || ' ' || tags || ' ' || lyric) gin_trgm_ops)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL;
DROP INDEX songs_title_trgm;
DROP INDEX songs_tags_trgm;
DROP INDEX songs_lyric_trgm;
