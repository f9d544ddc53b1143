CREATE TABLE "chat_interno_conversas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"eh_grupo" boolean NOT NULL,
	"nome" text,
	"foto_url" text,
	"direct_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_interno_leituras" (
	"conversa_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"ultima_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_interno_leituras_conversa_id_usuario_id_pk" PRIMARY KEY("conversa_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "chat_interno_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chat_interno_mensagens_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversa_id" uuid NOT NULL,
	"remetente_id" uuid,
	"origem_tipo" smallint NOT NULL,
	"tipo" text NOT NULL,
	"conteudo" text NOT NULL,
	"midia_url" text,
	"nome_arquivo" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_interno_participantes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversa_id" uuid NOT NULL,
	"usuario_id" uuid,
	"departamento_id" uuid,
	"admin" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_interno_participantes_one_kind" CHECK (("chat_interno_participantes"."usuario_id" is null) <> ("chat_interno_participantes"."departamento_id" is null))
);
--> statement-breakpoint
ALTER TABLE "chat_interno_conversas" ADD CONSTRAINT "chat_interno_conversas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_conversas" ADD CONSTRAINT "chat_interno_conversas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_leituras" ADD CONSTRAINT "chat_interno_leituras_conversa_id_chat_interno_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."chat_interno_conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_leituras" ADD CONSTRAINT "chat_interno_leituras_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_mensagens" ADD CONSTRAINT "chat_interno_mensagens_conversa_id_chat_interno_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."chat_interno_conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_mensagens" ADD CONSTRAINT "chat_interno_mensagens_remetente_id_users_id_fk" FOREIGN KEY ("remetente_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_participantes" ADD CONSTRAINT "chat_interno_participantes_conversa_id_chat_interno_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."chat_interno_conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_participantes" ADD CONSTRAINT "chat_interno_participantes_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_interno_participantes" ADD CONSTRAINT "chat_interno_participantes_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_interno_conversas_direct" ON "chat_interno_conversas" USING btree ("account_id","direct_key");--> statement-breakpoint
CREATE INDEX "chat_interno_conversas_account" ON "chat_interno_conversas" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_interno_mensagens_client" ON "chat_interno_mensagens" USING btree ("conversa_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_interno_mensagens_conversa_seq" ON "chat_interno_mensagens" USING btree ("conversa_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_interno_participantes_usuario" ON "chat_interno_participantes" USING btree ("conversa_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_interno_participantes_departamento" ON "chat_interno_participantes" USING btree ("conversa_id","departamento_id");--> statement-breakpoint
CREATE INDEX "chat_interno_participantes_by_usuario" ON "chat_interno_participantes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "chat_interno_participantes_by_departamento" ON "chat_interno_participantes" USING btree ("departamento_id");