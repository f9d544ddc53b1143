CREATE TABLE "atendimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ticket" integer NOT NULL,
	"cliente_id" uuid NOT NULL,
	"canal_id" uuid NOT NULL,
	"origem" text NOT NULL,
	"status" text DEFAULT 'aguardando' NOT NULL,
	"atendente_id" uuid,
	"departamento_id" uuid,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fim" timestamp with time zone,
	"nota" smallint,
	"comentario" text,
	"avaliado_em" timestamp with time zone,
	"mensagens_nao_lidas" integer DEFAULT 0 NOT NULL,
	"ultima_mensagem" text,
	"ultima_mensagem_tipo" text,
	"ultima_mensagem_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"token" text NOT NULL,
	"segredo_cifrado" text NOT NULL,
	"config" jsonb NOT NULL,
	"removido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canais_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"numero" text,
	"email" text,
	"avatar_url" text,
	"identificador" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mensagens_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"atendimento_id" uuid NOT NULL,
	"autor" text NOT NULL,
	"atendente_id" uuid,
	"tipo" text NOT NULL,
	"conteudo" text DEFAULT '' NOT NULL,
	"midia" jsonb,
	"localizacao" jsonb,
	"reagindo_a" uuid,
	"respondendo_a" uuid,
	"status" text DEFAULT 'sent' NOT NULL,
	"editada" boolean DEFAULT false NOT NULL,
	"apagada" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_counters" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitantes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"canal_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"departamento_id" uuid,
	"pre_chat_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitantes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_atendente_id_users_id_fk" FOREIGN KEY ("atendente_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canais" ADD CONSTRAINT "canais_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_atendente_id_users_id_fk" FOREIGN KEY ("atendente_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_counters" ADD CONSTRAINT "ticket_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitantes" ADD CONSTRAINT "visitantes_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitantes" ADD CONSTRAINT "visitantes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitantes" ADD CONSTRAINT "visitantes_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "atendimentos_account_ticket" ON "atendimentos" USING btree ("account_id","ticket");--> statement-breakpoint
CREATE UNIQUE INDEX "atendimentos_aberto_por_cliente" ON "atendimentos" USING btree ("cliente_id","canal_id") WHERE "atendimentos"."status" <> 'finalizado';--> statement-breakpoint
CREATE INDEX "atendimentos_lista" ON "atendimentos" USING btree ("account_id","status","ultima_mensagem_em");--> statement-breakpoint
CREATE INDEX "atendimentos_atendente" ON "atendimentos" USING btree ("atendente_id","fim");--> statement-breakpoint
CREATE INDEX "atendimentos_cliente" ON "atendimentos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "canais_account" ON "canais" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_account_identificador" ON "clientes" USING btree ("account_id","identificador");--> statement-breakpoint
CREATE INDEX "clientes_account_nome" ON "clientes" USING btree ("account_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_client" ON "mensagens" USING btree ("atendimento_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_external" ON "mensagens" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "mensagens_atendimento_seq" ON "mensagens" USING btree ("atendimento_id","seq");