CREATE TABLE "licencas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"numero_usuarios" integer DEFAULT 5 NOT NULL,
	"numero_usuarios_isentos" integer DEFAULT 1 NOT NULL,
	"ferramentas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_vencimento" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licencas_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
DROP INDEX "departamentos_account_nome";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "desativado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "tipo" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "primeira_resposta_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licencas" ADD CONSTRAINT "licencas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departamentos_account_nome_ci" ON "departamentos" USING btree ("account_id",lower("nome"));--> statement-breakpoint
CREATE INDEX "atendimentos_account_inicio" ON "atendimentos" USING btree ("account_id","inicio");--> statement-breakpoint
CREATE INDEX "atendimentos_account_fim" ON "atendimentos" USING btree ("account_id","fim") WHERE "atendimentos"."fim" is not null;