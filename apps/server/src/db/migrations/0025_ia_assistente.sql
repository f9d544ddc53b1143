CREATE TABLE "ia_config" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"base_url" text,
	"modelo" text,
	"modelo_transcricao" text,
	"chave_cifrada" text,
	"ocultar_dados_pessoais" boolean DEFAULT true NOT NULL,
	"transcrever_automatico" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ia_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"atendimento_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"papel" text NOT NULL,
	"acao" text NOT NULL,
	"conteudo" text NOT NULL,
	"fontes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ia_uso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"usuario_id" uuid,
	"tipo" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "transcricao" text;--> statement-breakpoint
ALTER TABLE "ia_config" ADD CONSTRAINT "ia_config_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ia_mensagens" ADD CONSTRAINT "ia_mensagens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ia_mensagens" ADD CONSTRAINT "ia_mensagens_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ia_uso" ADD CONSTRAINT "ia_uso_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ia_uso" ADD CONSTRAINT "ia_uso_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ia_mensagens_painel" ON "ia_mensagens" USING btree ("atendimento_id","usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "ia_uso_conta_mes" ON "ia_uso" USING btree ("account_id","created_at");--> statement-breakpoint
-- custom: kept by hand
-- Voice-note transcripts found by full-text search (Portuguese stemming): only the few messages that have one.
CREATE INDEX "mensagens_transcricao_busca" ON "mensagens" USING gin (to_tsvector('portuguese', "transcricao")) WHERE "transcricao" IS NOT NULL;
