CREATE TABLE "website_icons" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"png" "bytea",
	"source_url" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_icons" ADD CONSTRAINT "website_icons_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_icons_due_idx" ON "website_icons" USING btree ("next_check_at");