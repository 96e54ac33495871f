CREATE TABLE "wallet_device_registrations" (
	"device_library_id" text NOT NULL,
	"serial_number" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_device_registrations_device_library_id_serial_number_pk" PRIMARY KEY("device_library_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"serial_number" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"ticket_code" text NOT NULL,
	"auth_token_hash" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"delivered_version" integer DEFAULT 1 NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"shown_content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_device_registrations" ADD CONSTRAINT "wallet_device_registrations_serial_number_wallet_passes_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."wallet_passes"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_device_registrations_serial_idx" ON "wallet_device_registrations" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_passes_ticket_code_idx" ON "wallet_passes" USING btree ("ticket_id","ticket_code");--> statement-breakpoint
CREATE INDEX "wallet_passes_updated_idx" ON "wallet_passes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "wallet_passes_undelivered_idx" ON "wallet_passes" USING btree ("serial_number") WHERE "wallet_passes"."version" > "wallet_passes"."delivered_version";