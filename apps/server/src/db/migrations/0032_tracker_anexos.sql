CREATE TABLE "tarefa_anexo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tarefa_id" uuid NOT NULL,
	"autor_id" uuid,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"mime_type" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tarefa_anexo" ADD CONSTRAINT "tarefa_anexo_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_anexo" ADD CONSTRAINT "tarefa_anexo_tarefa_id_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_anexo" ADD CONSTRAINT "tarefa_anexo_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tarefa_anexo_tarefa" ON "tarefa_anexo" USING btree ("tarefa_id","created_at");