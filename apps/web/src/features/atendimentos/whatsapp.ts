import { useSyncExternalStore } from 'react';
import type { TMensagem } from '@balcao/shared/atendimentos';
import { FORA_DA_JANELA } from '@balcao/shared/canais';
import type { TMensagemLocal } from './message-cache';

/** A map link for a shared location (opens Google Maps' search on the coordinates). */
export const linkDoMapa = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/**
 * A location's text as the server writes it ('name — address' and the map link on the last line): the card
 * shows the name and links the map itself, so the text keeps only what the card does not say.
 */
export function textoDaLocalizacao(m: Pick<TMensagem, 'conteudo' | 'localizacao'>): string {
  const linhas = m.conteudo
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^https?:\/\/\S+$/.test(l) && l !== m.localizacao?.nome);
  return linhas.join('\n');
}

/** One contact card the customer shared, as the server writes it: '👤 Nome: +55 11 9..., +55 ...'. */
export type TContato = { nome: string; telefones: string[] };
const CONTATO = /^👤 (.+?)(?:: (.+))?$/u;

/** The contacts of a shared-contacts message, or null when the text is anything else. */
export function contatosDe(conteudo: string): TContato[] | null {
  const linhas = conteudo.split('\n').filter((l) => l.trim());
  if (linhas.length === 0) return null;
  const contatos: TContato[] = [];
  for (const l of linhas) {
    const m = CONTATO.exec(l.trim());
    if (!m) return null;
    contatos.push({
      nome: m[1]!.trim(),
      telefones: (m[2] ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    });
  }
  return contatos;
}

/** 'tel:' link of a phone number as WhatsApp writes it ('+55 11 99999-0000'). */
export const telLink = (fone: string) => `tel:${fone.replace(/[^\d+]/g, '')}`;

/** A send the provider refused (status failed, with its reason) that the attendant may put back in the queue. */
export const falhouNoProvedor = (m: TMensagemLocal) => m.autor !== 'cliente' && !m.envio && m.status === 'failed';

/** The server's refusal of a free-form answer outside WhatsApp's 24-hour window, known by its code (never by its text). */
export const isForaDaJanela = (ack: { message?: string; code?: string }) => ack.code === FORA_DA_JANELA;

/**
 * Conversations whose last answer was refused for the 24-hour window: the composer says so until the
 * customer writes again (a new message opens the window).
 */
const foraDaJanela = new Set<string>();
const ouvintes = new Set<() => void>();
const avisar = () => {
  for (const o of ouvintes) o();
};
export function marcarForaDaJanela(atendimentoId: string) {
  if (foraDaJanela.has(atendimentoId)) return;
  foraDaJanela.add(atendimentoId);
  avisar();
}
export function limparForaDaJanela(atendimentoId: string) {
  if (foraDaJanela.delete(atendimentoId)) avisar();
}
export const estaForaDaJanela = (atendimentoId: string) => foraDaJanela.has(atendimentoId);
export function useForaDaJanela(atendimentoId: string) {
  return useSyncExternalStore(
    (cb) => {
      ouvintes.add(cb);
      return () => ouvintes.delete(cb);
    },
    () => foraDaJanela.has(atendimentoId),
  );
}
