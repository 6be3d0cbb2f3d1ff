-- My works' cache (docs/performance.md, "My works"): a number that grows whenever anything a user's works pages show
-- changes (a song added, finished, failed, renamed, published or withdrawn, deleted, played, liked or shared, or the
-- owner's nickname). Every gequ-server keeps the pages it served with the number they were read under and serves one
-- again only while the number is the same, so a change made through any instance shows at once on all of them.
ALTER TABLE user_song_counts ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
