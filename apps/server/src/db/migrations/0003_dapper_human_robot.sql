DROP INDEX "mensagens_client";--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_client_autor" ON "mensagens" USING btree ("atendimento_id",coalesce("atendente_id"::text, "autor"),"client_id");