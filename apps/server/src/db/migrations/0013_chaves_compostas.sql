-- A message's conversation and account, and a webhook delivery's channel and account, as one key each: the
-- database then refuses a row whose account is not its parent's, and checks one key per insert instead of two.
CREATE UNIQUE INDEX "atendimentos_id_conta" ON "atendimentos" USING btree ("id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "canais_id_conta" ON "canais" USING btree ("id","account_id");--> statement-breakpoint
ALTER TABLE "mensagens" DROP CONSTRAINT "mensagens_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "mensagens" DROP CONSTRAINT "mensagens_atendimento_id_atendimentos_id_fk";--> statement-breakpoint
ALTER TABLE "whatsapp_eventos" DROP CONSTRAINT "whatsapp_eventos_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "whatsapp_eventos" DROP CONSTRAINT "whatsapp_eventos_canal_id_canais_id_fk";--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_atendimento_conta_fk" FOREIGN KEY ("atendimento_id","account_id") REFERENCES "public"."atendimentos"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_eventos" ADD CONSTRAINT "whatsapp_eventos_canal_conta_fk" FOREIGN KEY ("canal_id","account_id") REFERENCES "public"."canais"("id","account_id") ON DELETE cascade ON UPDATE no action;
