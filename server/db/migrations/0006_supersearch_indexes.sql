-- Super Search (docs/search.md): date-ordered pages read the archive in (pub_date, id) order, the
-- list's exact order, so a page after a cursor starts at it in the index however many articles
-- share a date. The index also serves every plain date range the old (pub_date) one did.
CREATE INDEX "articles_pub_date_id_idx" ON "articles" USING btree ("pub_date","id");--> statement-breakpoint
DROP INDEX "articles_pub_date_idx";
