import type { TWidgetSession } from '@balcao/shared/widget';
import { safeUrl } from './format';
import { T } from './texts';

export type Problem = { text: string; kind: 'warn' | 'error' };
export type Notice = { text: string; kind: 'warn' | 'error' | 'info'; link?: { href: string; label: string } } | null;

/** The strip under the header: a problem first; else, after the end, the rating link (on the chat host). */
export function noticeFor(problem: Problem | null, a: TWidgetSession['atendimento'], origin: string): Notice {
  if (problem) return problem;
  if (a?.status !== 'finalizado') return null;
  const href = safeUrl(a.avaliacaoUrl, origin);
  return { text: `${T.finalizado}.`, kind: 'info', link: href ? { href, label: T.avaliar } : undefined };
}

export function statusText(a: TWidgetSession['atendimento']): string {
  if (a?.status === 'aguardando') return T.aguardando;
  if (a?.status === 'em_atendimento') return T.emAtendimento(a.atendenteNome);
  if (a?.status === 'finalizado') return T.finalizado;
  return '';
}
