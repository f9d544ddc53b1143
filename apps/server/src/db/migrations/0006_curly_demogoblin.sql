CREATE TABLE "whatsapp_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"canal_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"corpo" text NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"processado_em" timestamp with time zone,
	"processando_ate" timestamp with time zone,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"erro" text
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "cliente_escreveu_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "canais" ADD COLUMN "conexao" jsonb;--> statement-breakpoint
ALTER TABLE "canais" ADD COLUMN "ultimo_erro_webhook" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "erro_envio" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "tentativas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "proxima_tentativa_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "enviando_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "alvo_externo" text;--> statement-breakpoint
ALTER TABLE "whatsapp_eventos" ADD CONSTRAINT "whatsapp_eventos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_eventos" ADD CONSTRAINT "whatsapp_eventos_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_eventos_canal_hash" ON "whatsapp_eventos" USING btree ("canal_id","hash");--> statement-breakpoint
CREATE INDEX "whatsapp_eventos_pendentes" ON "whatsapp_eventos" USING btree ("recebido_em") WHERE "whatsapp_eventos"."processado_em" is null;--> statement-breakpoint
CREATE INDEX "mensagens_pendentes" ON "mensagens" USING btree ("proxima_tentativa_em") WHERE "mensagens"."status" = 'pending';