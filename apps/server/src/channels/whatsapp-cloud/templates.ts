import type { TModeloWhatsApp } from '@balcao/shared/mensagens-agendadas';
import { type GraphClient, GraphError } from './client';
import { AppError } from '../../lib/errors';

/** The approved templates of a WhatsApp Business Account (GET /{waba-id}/message_templates), with their body. */
export async function activeTemplates(graph: GraphClient, wabaId: string, token: string): Promise<TModeloWhatsApp[]> {
  let r: Awaited<ReturnType<GraphClient['messageTemplates']>>;
  try {
    r = await graph.messageTemplates(wabaId, token);
  } catch (err) {
    if (err instanceof GraphError) throw new AppError(502, 'WHATSAPP', err.message);
    throw err;
  }
  return (r?.data ?? [])
    .filter((t) => t.status === 'APPROVED' && t.name && t.language)
    .map((t) => {
      const corpo = t.components?.find((c) => c.type === 'BODY')?.text ?? '';
      const variaveis = new Set([...corpo.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
      return { nome: t.name!, idioma: t.language!, categoria: t.category ?? null, corpo, variaveis };
    });
}
