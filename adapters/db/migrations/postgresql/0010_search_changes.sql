-- Search from memory (docs/performance.md, "Search"). Keep in step with ../sqlite/0010_search_changes.sql.
--
-- Every gequ-server keeps an index of the public songs' texts in memory and follows the changes made through any
-- instance by text_seq: each insert or update of a song through the song repository gives the row the next number
-- of songs_text_seq, and an instance reads the rows numbered above what it has seen. Rows written before this
-- migration (and by the bulk loader) keep 0; an instance reads every public song when it starts.
CREATE SEQUENCE songs_text_seq;
ALTER TABLE songs ADD COLUMN text_seq BIGINT NOT NULL DEFAULT 0;
CREATE INDEX songs_text_changes ON songs (text_seq);
