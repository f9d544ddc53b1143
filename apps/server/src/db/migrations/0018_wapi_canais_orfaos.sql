-- Data only: concurrent first 'conectar' calls could create more than one WhatsApp Web channel for an account;
-- only the one holding the account's wapi_sessoes row was ever used. The others are marked removed so that the
-- next migration can allow a single live WhatsApp Web channel per account.
UPDATE "canais" SET "removido_em" = now(), "ativo" = false
WHERE "tipo" = 'wapi' AND "removido_em" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "wapi_sessoes" s WHERE s."canal_id" = "canais"."id");
