-- Data only: WhatsApp customers of a Brazilian mobile stored without the ninth digit (55 + area code + 8 digits
-- from 6 to 9, as Meta's wa_id of older accounts comes) take the canonical form with it, the one typed numbers
-- and new webhook messages now use (packages/shared clientes normalizarNumero). A customer whose canonical
-- form another customer of the account already has is left as it is (the two are for staff to merge).
UPDATE "clientes" AS c SET
  "identificador" = regexp_replace(c."identificador", '^whatsapp:55(\d{2})([6-9]\d{7})$', 'whatsapp:55\19\2'),
  "numero" = regexp_replace(c."numero", '^\+55(\d{2})([6-9]\d{7})$', '+55\19\2')
WHERE c."identificador" ~ '^whatsapp:55\d{2}[6-9]\d{7}$'
  AND NOT EXISTS (
    SELECT 1 FROM "clientes" AS o
    WHERE o."account_id" = c."account_id"
      AND o."identificador" = regexp_replace(c."identificador", '^whatsapp:55(\d{2})([6-9]\d{7})$', 'whatsapp:55\19\2')
  );
