CREATE TABLE "document_sequences" (
	"issuer" text NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_sequences_issuer_series_pk" PRIMARY KEY("issuer","series"),
	CONSTRAINT "document_sequences_positive" CHECK ("document_sequences"."last_number" > 0)
);
