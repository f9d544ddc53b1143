ALTER TABLE "clientes" ADD COLUMN "bsuid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_account_bsuid" ON "clientes" USING btree ("account_id","bsuid");