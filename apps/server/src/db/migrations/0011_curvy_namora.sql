CREATE TABLE "wapi_leituras" (
	"canal_id" uuid NOT NULL,
	"atendimento_id" uuid NOT NULL,
	"pedida_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wapi_leituras_canal_id_atendimento_id_pk" PRIMARY KEY("canal_id","atendimento_id")
);
--> statement-breakpoint
ALTER TABLE "wapi_leituras" ADD CONSTRAINT "wapi_leituras_canal_id_canais_id_fk" FOREIGN KEY ("canal_id") REFERENCES "public"."canais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wapi_leituras" ADD CONSTRAINT "wapi_leituras_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;