CREATE TABLE "documentacao_buscas_vazias" (
	"account_id" uuid NOT NULL,
	"termo" text NOT NULL,
	"vezes" integer DEFAULT 1 NOT NULL,
	"ultima_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentacao_centrais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"slug" text NOT NULL,
	"dominio" text,
	"dominio_verificado_em" timestamp with time zone,
	"cor" text DEFAULT '#2563eb' NOT NULL,
	"logo" text,
	"publica" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentacao_secoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"central_id" uuid,
	"titulo" text NOT NULL,
	"slug" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documento_versoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"documento_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"titulo" text NOT NULL,
	"conteudo" text NOT NULL,
	"status" text NOT NULL,
	"visibilidade" text NOT NULL,
	"autor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"secao_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"slug" text NOT NULL,
	"conteudo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"visibilidade" text DEFAULT 'interna' NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"autor_id" uuid,
	"publicado_em" timestamp with time zone,
	"leituras" integer DEFAULT 0 NOT NULL,
	"votos_sim" integer DEFAULT 0 NOT NULL,
	"votos_nao" integer DEFAULT 0 NOT NULL,
	"busca" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portuguese'::regconfig, lower(translate("documentos"."titulo", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))), 'A') || setweight(to_tsvector('portuguese'::regconfig, lower(translate("documentos"."conteudo", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documentacao_buscas_vazias" ADD CONSTRAINT "documentacao_buscas_vazias_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentacao_centrais" ADD CONSTRAINT "documentacao_centrais_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentacao_secoes" ADD CONSTRAINT "documentacao_secoes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentacao_secoes" ADD CONSTRAINT "documentacao_secoes_central_id_documentacao_centrais_id_fk" FOREIGN KEY ("central_id") REFERENCES "public"."documentacao_centrais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento_versoes" ADD CONSTRAINT "documento_versoes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento_versoes" ADD CONSTRAINT "documento_versoes_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento_versoes" ADD CONSTRAINT "documento_versoes_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_secao_id_documentacao_secoes_id_fk" FOREIGN KEY ("secao_id") REFERENCES "public"."documentacao_secoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documentacao_buscas_vazias_termo" ON "documentacao_buscas_vazias" USING btree ("account_id","termo");--> statement-breakpoint
CREATE UNIQUE INDEX "documentacao_centrais_slug" ON "documentacao_centrais" USING btree ("account_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "documentacao_centrais_dominio" ON "documentacao_centrais" USING btree ("dominio");--> statement-breakpoint
CREATE UNIQUE INDEX "documentacao_secoes_conta_slug" ON "documentacao_secoes" USING btree ("account_id","slug") WHERE "documentacao_secoes"."central_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "documentacao_secoes_central_slug" ON "documentacao_secoes" USING btree ("central_id","slug") WHERE "documentacao_secoes"."central_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "documento_versoes_numero" ON "documento_versoes" USING btree ("documento_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_secao_slug" ON "documentos" USING btree ("secao_id","slug");--> statement-breakpoint
CREATE INDEX "documentos_account" ON "documentos" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "documentos_busca" ON "documentos" USING gin ("busca");