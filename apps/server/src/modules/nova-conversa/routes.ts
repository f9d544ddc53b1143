import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNovaConversaInput, ZNovaConversaOpcoes, ZNovaConversaResposta } from '@balcao/shared/nova-conversa';
import { atendimentoEvents, type AppContext } from '../../context';
import { whatsappOf } from '../../channels/registry';
import { openSecrets } from '../../channels/whatsapp-cloud/service';
import { requireUser } from '../../lib/session';
import { requireStaff } from '../atendimentos/policy';
import { result } from '../atendimentos/service';
import { assertLicencaAtiva } from '../licenca/service';
import { activeTemplates } from '../mensagens-agendadas/modelos';
import { destino, novaConversa } from './service';

/** 'Nova conversa' in /atendimentos (issue 14): staff at the customer chat write first to a customer on WhatsApp. */
export const novaConversaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/atendimento/nova-conversa/opcoes',
    { schema: { querystring: z.object({ clienteId: z.uuid({ error: 'Escolha o cliente.' }) }), response: { 200: ZNovaConversaOpcoes } } },
    async (req) => {
      const staff = await requireStaff(db, requireUser(req));
      const d = await destino(db, staff, req.query.clienteId);
      // Templates only matter outside the window; Meta unreachable leaves the list empty (the send says why).
      const modelos = d.dentroDaJanela
        ? []
        : await activeTemplates(whatsappOf(ctx).graph, d.canal.config.wabaId, openSecrets(ctx.cipher, d.canal).accessToken).catch(() => []);
      return { canalId: d.canal.id, canalNome: d.canal.nome, dentroDaJanela: d.dentroDaJanela, modelos };
    },
  );

  app.post(
    '/api/atendimento/nova-conversa',
    { schema: { body: ZNovaConversaInput, response: { 200: ZNovaConversaResposta, 201: ZNovaConversaResposta } } },
    async (req, reply) => {
      const staff = await requireStaff(db, requireUser(req));
      await assertLicencaAtiva(db, staff.accountId);
      const r = await novaConversa(db, staff, req.body);
      if (r.mensagemId) {
        const out = await result(db, staff.accountId, r.atendimentoId, [r.mensagemId]);
        const events = atendimentoEvents(ctx);
        events.messages(staff.accountId, out.row, out.mensagens, out.masterId, { toVisitor: true });
        events.row(staff.accountId, out.row);
      }
      return reply.code(r.existente ? 200 : 201).send({ atendimentoId: r.atendimentoId, existente: r.existente });
    },
  );
};
