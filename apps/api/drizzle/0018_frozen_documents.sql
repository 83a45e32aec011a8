-- Frozen documents and the legal content of invoices (docs/decisions/documents.md).
-- Payment terms of a customer: days net from the invoice date (due date = date + terms).
ALTER TABLE "customers" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_terms_days_check" CHECK ("payment_terms_days" BETWEEN 0 AND 365);
--> statement-breakpoint
-- Due date fixed at issue (invoices; NULL on credit notes and on rows issued before this change).
ALTER TABLE "invoices" ADD COLUMN "due_date" date;
--> statement-breakpoint
-- The invoice a credit note corrects.
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" integer REFERENCES "invoices"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- PDF bytes of a document as issued, served as they are on every download.
CREATE TABLE "document_files" (
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"number" text NOT NULL,
	"locale" text NOT NULL,
	"pdf" bytea NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_files_pkey" PRIMARY KEY ("kind", "source_id"),
	CONSTRAINT "document_files_kind_check" CHECK ("kind" IN ('order_confirmation', 'delivery_note', 'invoice'))
);
