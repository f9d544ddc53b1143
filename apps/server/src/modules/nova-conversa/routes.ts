import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOVA_CONVERSA_TEXTS as T,
  ZNovaConversaAlvo,
  ZNovaConversaInput,
  ZNovaConversaOpcoes,
  ZNovaConversaResposta,
} from '@balcao/shared/nova-conversa';
import { atendimentoEvents, type AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import { requireStaff } from '../atendimentos/policy';
import { findOpenAtendimento } from '../atendimentos/queries';
import { result } from '../atendimentos/service';
import { assertLicencaAtiva } from '../licenca/service';
import { estadoWhatsApp } from '../consentimento/queries';
import { destino, novaConversa } from './service';

/** 'Nova conversa' in /atendimentos: staff at the customer chat write first to a customer on WhatsApp. */
export const novaConversaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/atendimento/nova-conversa/opcoes',
    { schema: { querystring: ZNovaConversaAlvo, response: { 200: ZNovaConversaOpcoes } } },
    async (req) => {
      const staff = await requireStaff(db, requireUser(req));
      const d = await destino(db, staff, req.query);
      // Templates only matter outside the window; Meta unreachable leaves the list empty and says why.
      const aberto = d.cliente ? await findOpenAtendimento(db, d.cliente.id, d.canal.id) : null;
      let modelosErro: string | null = null;
      const driver = ctx.channels?.get(d.canal.tipo);
      const modelos =
        d.dentroDaJanela || aberto || !driver?.templates
          ? []
          : await driver.templates(d.canal).catch((err: unknown) => {
              modelosErro = err instanceof AppError ? err.message : T.erroModelos;
              return [];
            });
      return {
        canalId: d.canal.id,
        canalNome: d.canal.nome,
        canais: d.canais,
        clienteId: d.cliente?.id ?? null,
        clienteNome: d.cliente?.nome ?? null,
        atendimentoAbertoId: aberto?.id ?? null,
        dentroDaJanela: d.dentroDaJanela,
        modelos,
        modelosErro,
        consentimentoWhatsApp: d.cliente ? await estadoWhatsApp(db, staff.accountId, d.cliente.id) : null,
      };
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
