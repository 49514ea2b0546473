-- Every row written to alert_articles, notification_outbox and saved_articles is checked against
-- article_keys by its foreign key, through a plan each connection makes once and keeps until the
-- table's statistics change. Made while article_keys was analyzed at a few hundred rows (its
-- rows are narrow: a hundred to a page), that plan is a sequential scan, and it stays one while
-- a crawl grows the table by thousands of rows a second: each check then reads the whole table
-- (bench/ingest fell from 1,400 to 850 articles/s). Never analyzed, the planner assumes at least
-- ten pages and uses the index; analyzed at 1,000 rows or more, it uses the index too. So the
-- first automatic analyze waits for 1,000 changed rows instead of 50 (docs/decisions.md,
-- "Super Search at archive scale → Statistics of the key table").
ALTER TABLE "article_keys" SET (autovacuum_analyze_threshold = 1000);
