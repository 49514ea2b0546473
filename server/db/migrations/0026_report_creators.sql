-- A report may show its "Top creators" (issue 30 item 3): the leaderboard of its own saved streams and saved videos,
-- shown unless the report turns it off (every report published before shows it).
ALTER TABLE "reports" ADD COLUMN "show_creators" boolean DEFAULT true NOT NULL;
