CREATE TABLE "etiquetas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"cor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "horarios_atendimento" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"dias" jsonb NOT NULL,
	"feriados" jsonb NOT NULL,
	"mensagem_fora_do_horario" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus_boas_vindas" (
	"canal_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"ativo" boolean NOT NULL,
	"saudacao" text NOT NULL,
	"opcoes" jsonb NOT NULL,
	"mensagem_opcao_invalida" text NOT NULL,
	"tentativas" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "fora_do_horario_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "menu_tentativas" smallint;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "etiqueta_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "interna" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "etiquetas" ADD CONSTRAINT "etiquetas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horarios_atendimento" ADD CONSTRAINT "horarios_atendimento_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus_boas_vindas" ADD CONSTRAINT "menus_boas_vindas_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus_boas_vindas" ADD CONSTRAINT "menus_boas_vindas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etiquetas_account_nome_ci" ON "etiquetas" USING btree ("account_id",lower("nome"));--> statement-breakpoint
CREATE INDEX "atendimentos_etiquetas" ON "atendimentos" USING gin ("etiqueta_ids");--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_interna_nunca_envia" CHECK (not "mensagens"."interna" or ("mensagens"."status" = 'sent' and "mensagens"."alteracao" is null));