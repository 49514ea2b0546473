-- Unlogged: telemetry, rebuilt within seconds after a crash (drizzle-kit cannot say so in the schema).
CREATE UNLOGGED TABLE "process_metrics" (
	"instance" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"pid" integer NOT NULL,
	"host" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
