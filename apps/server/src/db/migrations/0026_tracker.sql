CREATE TABLE "tarefa_atividades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tarefa_id" uuid NOT NULL,
	"usuario_id" uuid,
	"tipo" text NOT NULL,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa_comentarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tarefa_id" uuid NOT NULL,
	"autor_id" uuid,
	"texto" text NOT NULL,
	"mencoes" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa_counters" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa_votacoes" (
	"tarefa_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"rodada" integer DEFAULT 1 NOT NULL,
	"aberta" boolean DEFAULT true NOT NULL,
	"revelada" boolean DEFAULT false NOT NULL,
	"moderador_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa_votos" (
	"tarefa_id" uuid NOT NULL,
	"rodada" integer NOT NULL,
	"usuario_id" uuid NOT NULL,
	"valor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarefa_votos_tarefa_id_rodada_usuario_id_pk" PRIMARY KEY("tarefa_id","rodada","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "tarefas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"descricao_publica" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"ordem" double precision NOT NULL,
	"prioridade" text DEFAULT 'media' NOT NULL,
	"responsaveis" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"etiquetas" text[] DEFAULT '{}'::text[] NOT NULL,
	"prazo" date,
	"complexidade" integer,
	"public_id" text,
	"notificar_cliente" boolean DEFAULT false NOT NULL,
	"atendimento_id" uuid,
	"cliente_id" uuid,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_colunas" (
	"account_id" uuid NOT NULL,
	"id" text NOT NULL,
	"nome" text NOT NULL,
	"ordem" integer NOT NULL,
	CONSTRAINT "tracker_colunas_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "tarefa_atividades" ADD CONSTRAINT "tarefa_atividades_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_atividades" ADD CONSTRAINT "tarefa_atividades_tarefa_id_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_atividades" ADD CONSTRAINT "tarefa_atividades_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_comentarios" ADD CONSTRAINT "tarefa_comentarios_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_comentarios" ADD CONSTRAINT "tarefa_comentarios_tarefa_id_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_comentarios" ADD CONSTRAINT "tarefa_comentarios_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_counters" ADD CONSTRAINT "tarefa_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_votacoes" ADD CONSTRAINT "tarefa_votacoes_tarefa_id_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_votacoes" ADD CONSTRAINT "tarefa_votacoes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_votacoes" ADD CONSTRAINT "tarefa_votacoes_moderador_id_users_id_fk" FOREIGN KEY ("moderador_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_votos" ADD CONSTRAINT "tarefa_votos_tarefa_id_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_votos" ADD CONSTRAINT "tarefa_votos_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefas" ADD CONSTRAINT "tarefas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefas" ADD CONSTRAINT "tarefas_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefas" ADD CONSTRAINT "tarefas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefas" ADD CONSTRAINT "tarefas_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_colunas" ADD CONSTRAINT "tracker_colunas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tarefa_atividades_tarefa" ON "tarefa_atividades" USING btree ("tarefa_id","created_at");--> statement-breakpoint
CREATE INDEX "tarefa_comentarios_tarefa" ON "tarefa_comentarios" USING btree ("tarefa_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tarefas_account_numero" ON "tarefas" USING btree ("account_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "tarefas_public_id" ON "tarefas" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "tarefas_coluna_ordem" ON "tarefas" USING btree ("account_id","status","ordem","id");--> statement-breakpoint
CREATE INDEX "tarefas_responsaveis" ON "tarefas" USING gin ("responsaveis");--> statement-breakpoint
CREATE INDEX "tarefas_atendimento" ON "tarefas" USING btree ("atendimento_id");