ALTER TABLE "atendimentos" ADD COLUMN "anuncio" jsonb;--> statement-breakpoint
ALTER TABLE "canais" ADD COLUMN "entregas_com_falha" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "bsuid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "canais_whatsapp_numero" ON "canais" USING btree (("config"->>'phoneNumberId')) WHERE "canais"."tipo" = 'whatsapp' and "canais"."removido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_account_bsuid" ON "clientes" USING btree ("account_id","bsuid");