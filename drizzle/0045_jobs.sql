CREATE TABLE "job_dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_probe_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"probe_id" text NOT NULL,
	"job_id" text NOT NULL,
	"server" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_dead_letters_created_idx" ON "job_dead_letters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_probe_runs_probe_idx" ON "job_probe_runs" USING btree ("probe_id");