CREATE TABLE "login_attempts" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone DEFAULT 'epoch' NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "login_attempts_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "login_names" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;