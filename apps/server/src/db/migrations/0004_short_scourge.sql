CREATE TABLE "widget_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"canal_id" uuid NOT NULL,
	"visitante_id" uuid NOT NULL,
	"url" text NOT NULL,
	"nome" text NOT NULL,
	"mime_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"usado_em" timestamp with time zone,
	"removido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_uploads" ADD CONSTRAINT "widget_uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_uploads" ADD CONSTRAINT "widget_uploads_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_uploads" ADD CONSTRAINT "widget_uploads_visitante_id_visitantes_id_fk" FOREIGN KEY ("visitante_id") REFERENCES "public"."visitantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_uploads_visitante" ON "widget_uploads" USING btree ("visitante_id","created_at");--> statement-breakpoint
CREATE INDEX "widget_uploads_pendentes" ON "widget_uploads" USING btree ("created_at") WHERE "widget_uploads"."usado_em" is null and "widget_uploads"."removido_em" is null;