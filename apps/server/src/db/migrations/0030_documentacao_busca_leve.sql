ALTER TABLE "documentos" drop column "busca";--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "busca" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('portuguese'::regconfig, lower(translate("documentos"."titulo" || chr(10) || "documentos"."conteudo", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))))) STORED;--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "busca_titulo" "tsvector" GENERATED ALWAYS AS (to_tsvector('portuguese'::regconfig, lower(translate("documentos"."titulo", 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy')))) STORED;--> statement-breakpoint
-- custom: kept by hand
-- Dropping the column dropped its GIN index, which the schema still declares (drizzle-kit does not see it go).
CREATE INDEX "documentos_busca" ON "documentos" USING gin ("busca");
