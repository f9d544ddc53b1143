CREATE TABLE "licenca_cobrancas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"provedor" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"numero_usuarios" integer NOT NULL,
	"ferramentas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pix_copia_e_cola" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pago_em" timestamp with time zone,
	"cancelada_em" timestamp with time zone,
	"vencimento_aplicado" timestamp with time zone,
	CONSTRAINT "licenca_cobrancas_txid_unique" UNIQUE("txid")
);
--> statement-breakpoint
CREATE TABLE "licenca_pagamentos" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"cobranca_id" uuid NOT NULL,
	"valor" text NOT NULL,
	"origem" text NOT NULL,
	"horario" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licencas" ADD COLUMN "venda_erp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licencas" ADD COLUMN "pedido_numero_usuarios" integer;--> statement-breakpoint
ALTER TABLE "licencas" ADD COLUMN "pedido_ferramentas" jsonb;--> statement-breakpoint
ALTER TABLE "licenca_cobrancas" ADD CONSTRAINT "licenca_cobrancas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenca_pagamentos" ADD CONSTRAINT "licenca_pagamentos_cobranca_id_licenca_cobrancas_id_fk" FOREIGN KEY ("cobranca_id") REFERENCES "public"."licenca_cobrancas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenca_cobrancas_account_idx" ON "licenca_cobrancas" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licenca_cobrancas_uma_pendente" ON "licenca_cobrancas" USING btree ("account_id") WHERE "licenca_cobrancas"."status" = 'pendente';