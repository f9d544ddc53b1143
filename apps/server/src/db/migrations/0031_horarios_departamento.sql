CREATE TABLE "horarios_departamento" (
	"departamento_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"dias" jsonb NOT NULL,
	"feriados" jsonb NOT NULL,
	"mensagem_fora_do_horario" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "horarios_departamento" ADD CONSTRAINT "horarios_departamento_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horarios_departamento" ADD CONSTRAINT "horarios_departamento_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horarios_departamento_account" ON "horarios_departamento" USING btree ("account_id");