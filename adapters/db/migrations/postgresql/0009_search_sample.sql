-- Search at any size, second step (docs/performance.md, "Search"). Keep in step with ../sqlite/0009_search_sample.sql.
--
-- A small GIN index of the trigrams of about one public song in 61 (created_at % 61 = 0). A search first counts a
-- keyword's matches among them, reading at most 16 rows: a keyword found fewer times than that is rare, and its
-- matches are read from songs_text_day's trigrams alone at once, instead of after walking the newest days one at a
-- time in vain (at 1,000,000 songs two thirds of keywords cut from real lyrics walked all fourteen days and found
-- fewer than a page). Creating the index reads every public song once.
CREATE INDEX songs_text_sample ON songs USING gin ((title || ' ' || tags || ' ' || lyric) gin_trgm_ops)
    WHERE open = 1 AND complete = 1 AND hidden = 0 AND deleted_at IS NULL AND created_at % 61 = 0;
