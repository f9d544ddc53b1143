CREATE TABLE "consentimento_config" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"palavras_sair" jsonb NOT NULL,
	"palavras_voltar" jsonb NOT NULL,
	"resposta_sair" text NOT NULL,
	"resposta_voltar" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consentimento_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"finalidade" text NOT NULL,
	"evento" text NOT NULL,
	"origem" text NOT NULL,
	"motivo" text,
	"texto_versao" text,
	"texto_mostrado" text,
	"ip_hash" text,
	"atendente_id" uuid,
	"pedido_id" uuid,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consentimento_pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"finalidades" jsonb NOT NULL,
	"criado_por" uuid,
	"expira_em" timestamp with time zone NOT NULL,
	"respondido_em" timestamp with time zone,
	"aceito" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cor_primaria" text,
	"public_url" text,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consentimento_config" ADD CONSTRAINT "consentimento_config_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimento_eventos" ADD CONSTRAINT "consentimento_eventos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimento_eventos" ADD CONSTRAINT "consentimento_eventos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimento_eventos" ADD CONSTRAINT "consentimento_eventos_atendente_id_users_id_fk" FOREIGN KEY ("atendente_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimento_pedidos" ADD CONSTRAINT "consentimento_pedidos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimento_pedidos" ADD CONSTRAINT "consentimento_pedidos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimento_pedidos" ADD CONSTRAINT "consentimento_pedidos_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimento_eventos_cliente" ON "consentimento_eventos" USING btree ("cliente_id","finalidade","em");--> statement-breakpoint
CREATE INDEX "consentimento_pedidos_cliente" ON "consentimento_pedidos" USING btree ("cliente_id") WHERE "consentimento_pedidos"."respondido_em" is null;