CREATE TABLE "organiser_notice_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"refund_request_emails" text DEFAULT 'each' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organiser_notice_settings_refund_request_emails" CHECK ("organiser_notice_settings"."refund_request_emails" in ('each', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "refund_request_summaries" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"covered_from" timestamp with time zone,
	"covered_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_request_summaries_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "organiser_notice_settings" ADD CONSTRAINT "organiser_notice_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request_summaries" ADD CONSTRAINT "refund_request_summaries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
