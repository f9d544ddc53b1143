import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGO_MAX_BYTES } from '@balcao/shared/conta';
import { ZAtribuirWhiteLabel, ZWhiteLabel, ZWhiteLabelInput } from '@balcao/shared/white-label';
import type { AppContext } from '../../context';
import { assignWhiteLabel, createWhiteLabel, setWhiteLabelLogo, updateWhiteLabel } from './service';

const ZId = z.object({ id: z.string().max(63) });
const ZLogoBody = z.any().describe('O logotipo em PNG, JPEG ou WebP (corpo da requisição com o Content-Type da imagem)');

/** The operator's white labels: a brand, the hosts that pick it, its colour and logo, and which accounts it holds. */
export const whiteLabelOperatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The logo arrives as the request body itself (curl -T logo.png), checked by its bytes in the service.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post('/operador/white-labels', { schema: { body: ZWhiteLabelInput, response: { 201: ZWhiteLabel } } }, async (req, reply) =>
    reply.code(201).send(await createWhiteLabel(ctx.db, req.body)),
  );

  app.put(
    '/operador/white-labels/:id',
    { schema: { params: ZId, body: ZWhiteLabelInput.omit({ id: true }), response: { 200: ZWhiteLabel } } },
    async (req) => updateWhiteLabel(ctx.db, req.params.id, req.body),
  );

  app.put('/operador/white-labels/:id/logo', { schema: { params: ZId, body: ZLogoBody, response: { 200: ZWhiteLabel } } }, async (req) =>
    setWhiteLabelLogo(ctx, req.params.id, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
  );

  app.post(
    '/operador/contas/:databaseName/white-label',
    {
      schema: {
        params: z.object({ databaseName: z.string().max(100) }),
        body: ZAtribuirWhiteLabel,
        response: { 200: z.object({ databaseName: z.string(), whiteLabelId: z.string().nullable() }) },
      },
    },
    async (req) => assignWhiteLabel(ctx.db, req.params.databaseName, req.body.whiteLabelId),
  );
};
