CREATE TABLE "wapi_chaves" (
	"canal_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"chave" text NOT NULL,
	"valor" text NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wapi_chaves_canal_id_tipo_chave_pk" PRIMARY KEY("canal_id","tipo","chave")
);
--> statement-breakpoint
CREATE TABLE "wapi_sessoes" (
	"canal_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"estado" text DEFAULT 'desconectado' NOT NULL,
	"quer_conectado" boolean DEFAULT false NOT NULL,
	"qr" text,
	"qr_emitidos" integer DEFAULT 0 NOT NULL,
	"codigo_pareamento" text,
	"numero_pareamento" text,
	"numero" text,
	"nome" text,
	"erro" text,
	"dono" text,
	"lease_ate" timestamp with time zone,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wapi_sessoes_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "wapi_chaves" ADD CONSTRAINT "wapi_chaves_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wapi_sessoes" ADD CONSTRAINT "wapi_sessoes_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wapi_sessoes" ADD CONSTRAINT "wapi_sessoes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;