import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOperadorConta, ZOperadorContaInput, ZOperadorEntregaFalha } from '@balcao/shared/operador';
import { listEntregasComFalha } from '../channels/whatsapp-cloud/service';
import type { AppContext } from '../context';
import { Conflict, NotFound, Unauthorized } from '../lib/errors';
import { publicOrigin } from '../lib/public-origin';
import { carriesToken } from '../lib/session';
import { presentConta } from '../modules/accounts/presenter';
import { openAccount } from '../modules/accounts/service';
import { licencaOperatorRoutes } from '../modules/licenca/operator-routes';
import { whiteLabelOperatorRoutes } from '../modules/white-labels/operator-routes';
import { backupStream, uploadsOmitted } from './backup';

/** The archive streams as it is made; the schema only names it in the API reference. */
const ZBackupArchive = z.any().describe('DATA_DIR como balcao-<data>.tar.gz (application/gzip)');

/**
 * The operator's actions while the server runs (the CLI calls them when given --servidor): under
 * /backend/operador, behind `Authorization: Bearer <OPERATOR_TOKEN>`. Without OPERATOR_TOKEN the API is off
 * and every route answers 404 as if it did not exist.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (req) => {
    if (!ctx.operatorToken) throw new NotFound('Rota não encontrada.');
    if (!carriesToken(req, ctx.operatorToken)) throw new Unauthorized('Token do operador inválido.', 'OPERATOR_UNAUTHORIZED');
  });

  await app.register(licencaOperatorRoutes, { ctx });
  await app.register(whiteLabelOperatorRoutes, { ctx });

  app.post('/operador/contas', { schema: { body: ZOperadorContaInput, response: { 201: ZOperadorConta } } }, async (req, reply) => {
    const { account, master } = await openAccount(
      { db: ctx.db, mailer: ctx.mailer, tokens: ctx.tokens, publicUrl: publicOrigin(ctx) },
      req.body,
    );
    req.log.info({ accountId: account.id, databaseName: account.databaseName }, 'conta criada pela API do operador');
    return reply.code(201).send(presentConta(account, master));
  });

  app.get('/operador/whatsapp/entregas-com-falha', { schema: { response: { 200: z.array(ZOperadorEntregaFalha) } } }, async () =>
    listEntregasComFalha(ctx.db),
  );

  app.get('/operador/backup', { schema: { response: { 200: ZBackupArchive } } }, async (req, reply) => {
    const omitted = uploadsOmitted(ctx.storage);
    if (!ctx.embeddedBackup)
      throw new Conflict(
        omitted
          ? `Com PostgreSQL, faça o backup do banco com pg_dump. ${omitted}`
          : 'Com PostgreSQL, faça o backup do banco com pg_dump e copie a pasta uploads.',
      );
    const stream = await backupStream(ctx.embeddedBackup, ctx.storage);
    // The archive says it too (NAO-INCLUI.txt); a script reads it here without opening the archive.
    if (omitted) void reply.header('x-backup-nao-inclui', `uploads; ${ctx.storage.where}`);
    req.log.info({}, 'backup do banco embutido: enviando ao operador');
    const name = `balcao-${new Date().toISOString().slice(0, 10)}.tar.gz`;
    // It carries the keys: never kept by a cache on the way.
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};
