CREATE TABLE "lexemes" (
	"word" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lexemes_word_idx" ON "lexemes" USING btree ("word");--> statement-breakpoint
INSERT INTO "lexemes" ("word")
  SELECT DISTINCT w FROM "articles", unnest(tsvector_to_array("search")) AS w;--> statement-breakpoint
-- The words of the new or changed search vectors that the list does not hold yet, once per
-- statement. No unique index: two ingests adding the same new word at once would otherwise
-- wait for each other's commit; a duplicate costs nothing (readers ask for distinct words).
CREATE FUNCTION "lexemes_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lexemes (word)
    SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(n.search)) AS w
     WHERE NOT EXISTS (SELECT 1 FROM lexemes l WHERE l.word = w);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_lexemes_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lexemes_add"();--> statement-breakpoint
CREATE TRIGGER "articles_lexemes_update" AFTER UPDATE ON "articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lexemes_add"();
