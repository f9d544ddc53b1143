CREATE TABLE "atendimentos_ordem" (
	"atendimento_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"ultima_mensagem_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "atendimentos_lista";--> statement-breakpoint
ALTER TABLE "atendimentos_ordem" ADD CONSTRAINT "atendimentos_ordem_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendimentos_ordem_lista" ON "atendimentos_ordem" USING btree ("account_id","status","ultima_mensagem_em","atendimento_id");--> statement-breakpoint
CREATE INDEX "atendimentos_lista" ON "atendimentos" USING btree ("account_id","status");--> statement-breakpoint
-- The list's order follows every atendimento, whoever writes it: one statement per statement (transition
-- tables), not one per row. A row's account never changes; its deletion cascades.
CREATE FUNCTION "atendimentos_ordem_inserir"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "atendimentos_ordem" ("atendimento_id", "account_id", "status", "ultima_mensagem_em")
    SELECT "id", "account_id", "status", "ultima_mensagem_em" FROM "novos";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "atendimentos_ordem_atualizar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "atendimentos_ordem" o SET "status" = n."status", "ultima_mensagem_em" = n."ultima_mensagem_em"
    FROM "novos" n
    WHERE o."atendimento_id" = n."id" AND (o."status", o."ultima_mensagem_em") IS DISTINCT FROM (n."status", n."ultima_mensagem_em");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "atendimentos_ordem_inserir" AFTER INSERT ON "atendimentos" REFERENCING NEW TABLE AS "novos"
  FOR EACH STATEMENT EXECUTE FUNCTION "atendimentos_ordem_inserir"();--> statement-breakpoint
CREATE TRIGGER "atendimentos_ordem_atualizar" AFTER UPDATE ON "atendimentos" REFERENCING NEW TABLE AS "novos"
  FOR EACH STATEMENT EXECUTE FUNCTION "atendimentos_ordem_atualizar"();--> statement-breakpoint
-- The rows already there (the migrations run in one transaction, which holds writers back from here on).
INSERT INTO "atendimentos_ordem" ("atendimento_id", "account_id", "status", "ultima_mensagem_em")
  SELECT "id", "account_id", "status", "ultima_mensagem_em" FROM "atendimentos"
  ON CONFLICT DO NOTHING;
