-- The archive by month (issue 17, docs/search.md "Partitions"). The existing table is renamed
-- `articles_unpartitioned` and keeps its rows; server/features/crawler/conversion.ts moves them
-- into the partitioned tables in batches at start-up (resumable: each batch moves in one
-- transaction), then drops it and validates the references.
ALTER TABLE "articles" RENAME TO "articles_unpartitioned";--> statement-breakpoint
ALTER INDEX "articles_pkey" RENAME TO "articles_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "articles_url_key_idx" RENAME TO "articles_unpartitioned_url_key_idx";--> statement-breakpoint
ALTER INDEX "articles_pub_date_id_idx" RENAME TO "articles_unpartitioned_pub_date_id_idx";--> statement-breakpoint
ALTER INDEX "articles_website_idx" RENAME TO "articles_unpartitioned_website_idx";--> statement-breakpoint
ALTER INDEX "articles_search_idx" RENAME TO "articles_unpartitioned_search_idx";--> statement-breakpoint
ALTER TABLE "articles_unpartitioned" RENAME CONSTRAINT "articles_website_id_websites_id_fk" TO "articles_unpartitioned_website_id_fk";--> statement-breakpoint
ALTER TABLE "articles_unpartitioned" RENAME CONSTRAINT "articles_feed_id_feeds_id_fk" TO "articles_unpartitioned_feed_id_fk";--> statement-breakpoint
DROP TRIGGER "articles_lexemes_insert" ON "articles_unpartitioned";--> statement-breakpoint
DROP TRIGGER "articles_lexemes_update" ON "articles_unpartitioned";--> statement-breakpoint
-- The id sequence outlives the old table (new articles keep numbering where the archive stopped).
ALTER SEQUENCE "articles_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "alert_articles" DROP CONSTRAINT "alert_articles_article_id_articles_id_fk";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_article_id_articles_id_fk";--> statement-breakpoint
ALTER TABLE "saved_articles" DROP CONSTRAINT "saved_articles_article_id_articles_id_fk";--> statement-breakpoint
CREATE TABLE "article_keys" (
	"url_key" text PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"pub_date" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "article_keys_article_idx" ON "article_keys" USING btree ("article_id");--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigint DEFAULT nextval('articles_id_seq') NOT NULL,
	"url_key" text NOT NULL,
	"url" text NOT NULL,
	"full_url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"html" text,
	"author" text,
	"image" text,
	"language" text DEFAULT 'unknown' NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"website_id" integer,
	"feed_id" integer,
	"reach" real DEFAULT 0.1 NOT NULL,
	"muv" bigint,
	"is_metacritic" boolean DEFAULT false NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "articles_id_pub_date_pk" PRIMARY KEY("id","pub_date")
) PARTITION BY RANGE ("pub_date");--> statement-breakpoint
ALTER SEQUENCE "articles_id_seq" OWNED BY "articles"."id";--> statement-breakpoint
-- No foreign keys from the partitioned articles to websites and feeds: attaching a month's
-- partition would clone them, which locks websites and feeds against every open transaction that
-- writes them (the crawler always has one) and makes new writes queue behind the attach. The two
-- columns are provenance; websites are never deleted, and a deleted feed's id (serial, never
-- reused) matches no feed.
CREATE INDEX "articles_website_idx" ON "articles" USING btree ("website_id","pub_date");--> statement-breakpoint
CREATE TABLE "article_search" (
	"id" bigint NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"language" text NOT NULL,
	"reach" real NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "article_search_id_pub_date_pk" PRIMARY KEY("id","pub_date")
) PARTITION BY RANGE ("pub_date");--> statement-breakpoint
CREATE INDEX "article_search_pub_date_id_idx" ON "article_search" USING btree ("pub_date","id");--> statement-breakpoint
CREATE INDEX "article_search_search_idx" ON "article_search" USING gin ("search");--> statement-breakpoint
-- The lexemes of new search vectors (0007), now from the search table.
CREATE TRIGGER "article_search_lexemes_insert" AFTER INSERT ON "article_search"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lexemes_add"();--> statement-breakpoint
CREATE TABLE "archive_months" (
	"month" date PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- References point at the registry. NOT VALID: rows naming articles not yet converted are
-- checked when the conversion has finished (VALIDATE CONSTRAINT); new rows are checked now.
ALTER TABLE "alert_articles" ADD CONSTRAINT "alert_articles_article_id_article_keys_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article_keys"("article_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_article_id_article_keys_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article_keys"("article_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_article_id_article_keys_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article_keys"("article_id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
-- A month's partitions of both tables (UTC months), made once: two starts or ingests asking for
-- the same month wait for each other on an advisory lock. CREATE then ATTACH, so the parents
-- are locked SHARE UPDATE EXCLUSIVE (reads and writes go on) instead of ACCESS EXCLUSIVE.
CREATE FUNCTION "archive_ensure_month"(m date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', m)::date;
  lo text := to_char(date_trunc('month', m), 'YYYY-MM-DD') || ' 00:00:00+00';
  hi text := to_char(date_trunc('month', m) + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00';
  suffix text := to_char(m, 'YYYY_MM');
BEGIN
  IF to_regclass('public.articles_' || suffix) IS NOT NULL AND to_regclass('public.article_search_' || suffix) IS NOT NULL THEN
    RETURN false;
  END IF;
  PERFORM pg_advisory_xact_lock(727001, (extract(year from m) * 12 + extract(month from m))::int);
  -- Read pg_class, not to_regclass, once the lock is held: to_regclass answers from this
  -- backend's catalog cache, which an advisory lock does not refresh, so a month another
  -- transaction made while this one waited would still look missing (CREATE then fails).
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = 'articles_' || suffix) THEN
    EXECUTE format('CREATE TABLE public.%I (LIKE public.articles INCLUDING DEFAULTS)', 'articles_' || suffix);
    EXECUTE format('ALTER TABLE public.articles ATTACH PARTITION public.%I FOR VALUES FROM (%L) TO (%L)', 'articles_' || suffix, lo, hi);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = 'article_search_' || suffix) THEN
    EXECUTE format('CREATE TABLE public.%I (LIKE public.article_search)', 'article_search_' || suffix);
    EXECUTE format('ALTER TABLE public.article_search ATTACH PARTITION public.%I FOR VALUES FROM (%L) TO (%L)', 'article_search_' || suffix, lo, hi);
  END IF;
  INSERT INTO archive_months (month) VALUES (first) ON CONFLICT (month) DO NOTHING;
  RETURN true;
END $$;
