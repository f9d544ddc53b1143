import { useSyncExternalStore } from 'react';
import type { TContato, TMensagem } from '@balcao/shared/atendimentos';
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

/** 'tel:' link of a phone number as WhatsApp writes it ('+55 11 99999-0000'). */
export const telLink = (fone: string) => `tel:${fone.replace(/[^\d+]/g, '')}`;

/** A shared contact's organisation on one line: 'Cargo · Empresa · Departamento', what of it was given. */
export const linhaDaOrganizacao = (o: TContato['organizacao']) =>
  o ? [o.cargo, o.empresa, o.departamento].filter(Boolean).join(' · ') : '';

/** A send the provider refused (status failed, with its reason) that the attendant may put back in the queue. */
export const failedAtProvider = (m: TMensagemLocal) => m.autor !== 'cliente' && !m.envio && m.status === 'failed';

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
export function markForaDaJanela(atendimentoId: string) {
  if (foraDaJanela.has(atendimentoId)) return;
  foraDaJanela.add(atendimentoId);
  avisar();
}
export function clearForaDaJanela(atendimentoId: string) {
  if (foraDaJanela.delete(atendimentoId)) avisar();
}
export const isMarkedForaDaJanela = (atendimentoId: string) => foraDaJanela.has(atendimentoId);
export function useForaDaJanela(atendimentoId: string) {
  return useSyncExternalStore(
    (cb) => {
      ouvintes.add(cb);
      return () => ouvintes.delete(cb);
    },
    () => foraDaJanela.has(atendimentoId),
  );
}
