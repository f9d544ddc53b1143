CREATE TABLE "mensagens_rapidas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"usuario_id" uuid,
	"publica" boolean DEFAULT false NOT NULL,
	"atalho" text NOT NULL,
	"titulo" text NOT NULL,
	"conteudo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagens_agendadas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"canal_id" uuid NOT NULL,
	"criado_por" uuid,
	"conteudo" text NOT NULL,
	"midia" jsonb,
	"data_envio" text NOT NULL,
	"recorrencia" jsonb NOT NULL,
	"modelo" jsonb,
	"ativo" boolean DEFAULT true NOT NULL,
	"proximo_envio" timestamp with time zone,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone,
	"ultimo_envio_em" timestamp with time zone,
	"ultima_mensagem_id" uuid,
	"ultimo_erro" text,
	"envios" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autoatendimento_chaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"hash" text NOT NULL,
	"prefixo" text NOT NULL,
	"criado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso_em" timestamp with time zone,
	"revogada_em" timestamp with time zone,
	CONSTRAINT "autoatendimento_chaves_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "autoatendimento_solicitacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"chave_id" uuid,
	"cliente_id" uuid,
	"cliente_nome" text NOT NULL,
	"cliente_numero" text,
	"cliente_email" text,
	"cliente_documento" text,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"dados" jsonb,
	"status" text DEFAULT 'pendente' NOT NULL,
	"responsavel_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolvida_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "agendada_id" uuid;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "modelo" jsonb;--> statement-breakpoint
ALTER TABLE "mensagens_rapidas" ADD CONSTRAINT "mensagens_rapidas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens_rapidas" ADD CONSTRAINT "mensagens_rapidas_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens_agendadas" ADD CONSTRAINT "mensagens_agendadas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens_agendadas" ADD CONSTRAINT "mensagens_agendadas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens_agendadas" ADD CONSTRAINT "mensagens_agendadas_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens_agendadas" ADD CONSTRAINT "mensagens_agendadas_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoatendimento_chaves" ADD CONSTRAINT "autoatendimento_chaves_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoatendimento_chaves" ADD CONSTRAINT "autoatendimento_chaves_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoatendimento_solicitacoes" ADD CONSTRAINT "autoatendimento_solicitacoes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoatendimento_solicitacoes" ADD CONSTRAINT "autoatendimento_solicitacoes_chave_id_autoatendimento_chaves_id_fk" FOREIGN KEY ("chave_id") REFERENCES "public"."autoatendimento_chaves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoatendimento_solicitacoes" ADD CONSTRAINT "autoatendimento_solicitacoes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoatendimento_solicitacoes" ADD CONSTRAINT "autoatendimento_solicitacoes_responsavel_id_users_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_rapidas_pessoal_atalho" ON "mensagens_rapidas" USING btree ("usuario_id",lower("atalho")) WHERE not "mensagens_rapidas"."publica";--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_rapidas_publica_atalho" ON "mensagens_rapidas" USING btree ("account_id",lower("atalho")) WHERE "mensagens_rapidas"."publica";--> statement-breakpoint
CREATE INDEX "mensagens_rapidas_account" ON "mensagens_rapidas" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "mensagens_agendadas_account" ON "mensagens_agendadas" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "mensagens_agendadas_devidas" ON "mensagens_agendadas" USING btree ("proximo_envio") WHERE "mensagens_agendadas"."ativo" and "mensagens_agendadas"."proximo_envio" is not null;--> statement-breakpoint
CREATE INDEX "autoatendimento_solicitacoes_status" ON "autoatendimento_solicitacoes" USING btree ("account_id","status","created_at");