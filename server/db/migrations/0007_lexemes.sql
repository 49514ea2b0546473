CREATE TABLE "lexemes" (
	"word" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lexemes_word_idx" ON "lexemes" USING btree ("word");--> statement-breakpoint
INSERT INTO "lexemes" ("word")
  SELECT DISTINCT w FROM "articles", unnest(tsvector_to_array("search")) AS w;--> statement-breakpoint
-- The words of the new or changed search vectors, once per statement. ON CONFLICT checks each
-- word in the unique index whatever the table's size (a NOT EXISTS anti-join was planned once
-- per connection, while the table was small, as a hash of the whole table: quadratic). Words are
-- inserted in order, so two ingests adding the same new words wait for each other in one order
-- only; the trigger runs right after the articles insert, before any other write of the ingest.
CREATE FUNCTION "lexemes_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lexemes (word)
    SELECT DISTINCT w COLLATE "C" FROM new_rows n, unnest(tsvector_to_array(n.search)) AS w
     ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_lexemes_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lexemes_add"();--> statement-breakpoint
CREATE TRIGGER "articles_lexemes_update" AFTER UPDATE ON "articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lexemes_add"();
