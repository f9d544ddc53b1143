import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ATENDIMENTO_NAMESPACE } from '@balcao/shared/atendimentos/realtime';
import { CONTA_TEXTS, LOGO_MAX_BYTES, ZConta, ZContaInput } from '@balcao/shared/conta';
import type { AppContext } from '../../context';
import { accounts, type AccountRow } from '../../db/schema/accounts';
import { BadRequest, NotFound } from '../../lib/errors';
import { rooms } from '../../lib/rooms';
import { requireUser } from '../../lib/session';
import { readCheckedFile, storeUpload } from '../../lib/uploads';
import { authorize } from './policy';

const LOGO_RULES = {
  maxBytes: LOGO_MAX_BYTES,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
  tooLarge: CONTA_TEXTS.logoTamanho,
  wrongType: CONTA_TEXTS.logoTipo,
};

const present = (a: AccountRow) => ({
  nome: a.nome,
  databaseName: a.databaseName,
  timeZone: a.timeZone,
  logoUrl: a.logoUrl,
  whiteLabelId: a.whiteLabelId,
  telemetria: a.telemetria,
});

/**
 * Configurações > Geral: the account's name, time zone and white-label menu logo. Every staff
 * user reads them (the menu shows the logo, times are shown in the zone); admin and master change them.
 */
export const contaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const load = async (accountId: string) => {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
    if (!row) throw new NotFound();
    return row;
  };
  const update = async (accountId: string, patch: Partial<Pick<AccountRow, 'nome' | 'timeZone' | 'logoUrl' | 'telemetria'>>) => {
    const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, accountId)).returning();
    if (!row) throw new NotFound();
    return present(row);
  };

  app.get('/api/conta', { schema: { response: { 200: ZConta } } }, async (req) => present(await load(requireUser(req).accountId)));

  // A change of the analytics switch applies at once: the account's signed-in tabs read the public config again.
  app.put('/api/conta', { schema: { body: ZContaInput, response: { 200: ZConta } } }, async (req) => {
    const { accountId } = authorize(requireUser(req), 'alterar');
    const { telemetria } = req.body;
    const before = telemetria === undefined ? null : (await load(accountId)).telemetria;
    const conta = await update(accountId, {
      nome: req.body.nome,
      timeZone: req.body.timeZone,
      ...(telemetria === undefined ? {} : { telemetria }),
    });
    if (telemetria !== undefined && telemetria !== before)
      ctx.io?.of(ATENDIMENTO_NAMESPACE).to(rooms.account(accountId)).emit('TelemetriaAlterada');
    return conta;
  });

  // The logo is checked by its bytes (PNG, JPEG or WebP, never SVG: it could carry script) and stored under a random name.
  app.post('/api/conta/logo', { schema: { response: { 200: ZConta } } }, async (req) => {
    const user = authorize(requireUser(req), 'alterar');
    if (!req.isMultipart()) throw new BadRequest('Envie o logotipo no campo "logo" (multipart/form-data).');
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    if (file && file.fieldname !== 'logo') throw new BadRequest('Envie o logotipo no campo "logo".');
    const checked = await readCheckedFile(file, LOGO_RULES);
    const url = await storeUpload(ctx.storage, 'logos', checked.buffer, checked.ext);
    return update(user.accountId, { logoUrl: url });
  });

  app.delete('/api/conta/logo', { schema: { response: { 200: ZConta } } }, async (req) =>
    update(authorize(requireUser(req), 'alterar').accountId, { logoUrl: null }),
  );
};
