-- A conversation's list preview when the message it shows is deleted (by the attendant, by the customer on
-- WhatsApp, or a reaction taken back): the newest message that remains, not an empty 'Sem mensagens' nor the
-- deleted text. Kept by the database so every path that deletes (API, both WhatsApp drivers) is covered; the
-- preview's time stays, so the conversation keeps its place in the list. The text follows service.preview().
CREATE FUNCTION "mensagens_previa_apos_apagar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "mensagens" m
             WHERE m."atendimento_id" = NEW."atendimento_id" AND m."seq" > NEW."seq" AND NOT m."apagada") THEN
    RETURN NULL;
  END IF;
  UPDATE "atendimentos" a SET ("ultima_mensagem", "ultima_mensagem_tipo") = (
      SELECT CASE WHEN btrim(m."conteudo") = '' THEN NULL ELSE left(m."conteudo", 200) END, m."tipo"
      FROM "mensagens" m
      WHERE m."atendimento_id" = NEW."atendimento_id" AND NOT m."apagada"
      ORDER BY m."seq" DESC LIMIT 1)
    WHERE a."id" = NEW."atendimento_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mensagens_previa_apos_apagar" AFTER UPDATE OF "apagada" ON "mensagens"
  FOR EACH ROW WHEN (NEW."apagada" AND NOT OLD."apagada") EXECUTE FUNCTION "mensagens_previa_apos_apagar"();
