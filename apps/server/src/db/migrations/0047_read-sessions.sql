-- Read sessions (operations.md F3 and F4; hand-written): the reads of one carton through a tunnel,
-- of one handheld job, of one offline pad upload, kept apart from EPC state so that a closing
-- session can be checked against its subject (a carton's expected EPCs, F5). rfid_read_sessions is
-- one row a session (kind, reader, subject, state, counts; the handheld's own session id unique per
-- reader so that an upload is idempotent; at most one OPEN session a reader, found by its partial
-- unique index), rfid_session_epcs one row a (session, EPC) with its reads added up: the fold and
-- the handheld upload write it with INSERT … ON CONFLICT DO UPDATE. New tables only: nothing else
-- changes.
CREATE TABLE "rfid_read_sessions" (
	"tenant_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"code" text NOT NULL,
	"kind" smallint NOT NULL,
	"equipment_coding" text NOT NULL,
	"location_id" bigint,
	"subject_type" text DEFAULT '' NOT NULL,
	"subject_id" bigint,
	"subject_code" text DEFAULT '' NOT NULL,
	"device_session_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"epc_count" integer DEFAULT 0 NOT NULL,
	"read_count" bigint DEFAULT 0 NOT NULL,
	"state" smallint NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_read_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rfid_read_sessions_kind_enum" CHECK ("rfid_read_sessions"."kind" in (1, 2, 3, 4, 5, 6, 7)),
	CONSTRAINT "rfid_read_sessions_state_enum" CHECK ("rfid_read_sessions"."state" in (0, 1, 2, 3, 4, 5))
);
--> statement-breakpoint
CREATE TABLE "rfid_session_epcs" (
	"tenant_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"reads" integer NOT NULL,
	"max_rssi_cdbm" integer,
	"antenna" integer,
	CONSTRAINT "rfid_session_epcs_tenant_id_session_id_epc_pk" PRIMARY KEY("tenant_id","session_id","epc")
);
--> statement-breakpoint
ALTER TABLE "rfid_session_epcs" ADD CONSTRAINT "rfid_session_epcs_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."rfid_read_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_read_sessions_code_idx" ON "rfid_read_sessions" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_read_sessions_device_idx" ON "rfid_read_sessions" USING btree ("tenant_id","equipment_coding","device_session_id") WHERE "rfid_read_sessions"."device_session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_read_sessions_open_idx" ON "rfid_read_sessions" USING btree ("tenant_id","equipment_coding") WHERE "rfid_read_sessions"."state" = 1;--> statement-breakpoint
CREATE INDEX "rfid_read_sessions_subject_idx" ON "rfid_read_sessions" USING btree ("tenant_id","subject_type","subject_code");
