CREATE TABLE "alert_feed_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_feed_counts" ADD CONSTRAINT "alert_feed_counts_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_feed_counts_alert_idx" ON "alert_feed_counts" USING btree ("alert_id");--> statement-breakpoint
-- The visible rows of each feed as they are now; the triggers below keep the sum exact.
INSERT INTO "alert_feed_counts" ("alert_id", "delta")
  SELECT "alert_id", count(*) FROM "alert_articles" WHERE "deleted_at" IS NULL GROUP BY "alert_id";--> statement-breakpoint
-- One delta row per alert per statement. Rows of an alert deleted in the same statement (the
-- cascade of DELETE FROM alerts) are skipped: that alert's counts go with it.
CREATE FUNCTION "alert_feed_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_feed_counts (alert_id, delta)
    SELECT n.alert_id, count(*) FROM new_rows n
     WHERE n.deleted_at IS NULL AND EXISTS (SELECT 1 FROM alerts a WHERE a.id = n.alert_id)
     GROUP BY n.alert_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "alert_feed_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_feed_counts (alert_id, delta)
    SELECT d.alert_id, sum(d.delta) FROM (
      SELECT alert_id, count(*) AS delta FROM new_rows WHERE deleted_at IS NULL GROUP BY alert_id
      UNION ALL
      SELECT alert_id, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY alert_id
    ) d
     WHERE EXISTS (SELECT 1 FROM alerts a WHERE a.id = d.alert_id)
     GROUP BY d.alert_id HAVING sum(d.delta) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "alert_feed_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_feed_counts (alert_id, delta)
    SELECT o.alert_id, -count(*) FROM old_rows o
     WHERE o.deleted_at IS NULL AND EXISTS (SELECT 1 FROM alerts a WHERE a.id = o.alert_id)
     GROUP BY o.alert_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "alert_articles_count_insert" AFTER INSERT ON "alert_articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "alert_feed_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "alert_articles_count_update" AFTER UPDATE ON "alert_articles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "alert_feed_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "alert_articles_count_delete" AFTER DELETE ON "alert_articles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "alert_feed_counts_on_delete"();
