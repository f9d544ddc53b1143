import { z } from 'zod';
import { ZModeloEscolhido, ZModeloWhatsApp } from '../mensagens-agendadas';

export const NOVA_CONVERSA_TEXTS = {
  titulo: 'Nova conversa',
  descricao: 'Escreva primeiro para um cliente pelo WhatsApp.',
  semCanal: 'Nenhum número de WhatsApp conectado: conecte um em Configurações → Integrações.',
  precisaModelo: 'O cliente não escreveu nas últimas 24 horas: escolha um modelo aprovado do WhatsApp para iniciar a conversa.',
  conteudoVazio: 'Escreva a mensagem.',
  erro: 'Não foi possível iniciar a conversa.',
  existente: 'Já existe uma conversa aberta com este cliente.',
} as const;

/** GET /backend/api/atendimento/nova-conversa/opcoes?clienteId: where it would go, the window, the templates. */
export const ZNovaConversaOpcoes = z.object({
  canalId: z.string(),
  canalNome: z.string(),
  dentroDaJanela: z.boolean(),
  modelos: z.array(ZModeloWhatsApp),
});
export type TNovaConversaOpcoes = z.infer<typeof ZNovaConversaOpcoes>;

/** POST /backend/api/atendimento/nova-conversa. */
export const ZNovaConversaInput = z.object({
  clienteId: z.uuid({ error: 'Escolha o cliente.' }),
  conteudo: z.string({ error: NOVA_CONVERSA_TEXTS.conteudoVazio }).trim().min(1, NOVA_CONVERSA_TEXTS.conteudoVazio).max(4096),
  modelo: ZModeloEscolhido.nullish(),
});
export const ZNovaConversaResposta = z.object({ atendimentoId: z.string(), existente: z.boolean() });
