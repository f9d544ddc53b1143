import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEXTS, FORA_DA_JANELA } from '@balcao/shared/canais';
import {
  isMarkedForaDaJanela,
  failedAtProvider,
  isForaDaJanela,
  clearForaDaJanela,
  linhaDaOrganizacao,
  linkDoMapa,
  markForaDaJanela,
  telLink,
  textoDaLocalizacao,
} from './whatsapp';
import { makeMensagem as mensagem } from './testing/factories';

describe('WhatsApp messages on screen', () => {
  it('links a location to the map and keeps only the text the card does not show', () => {
    expect(linkDoMapa(-23.5, -46.6)).toBe('https://www.google.com/maps/search/?api=1&query=-23.5,-46.6');
    const m = {
      conteudo: 'Loja — Av. Paulista, 1000\nhttps://www.google.com/maps/search/?api=1&query=-23.5,-46.6',
      localizacao: { latitude: -23.5, longitude: -46.6, nome: 'Loja — Av. Paulista, 1000' },
    };
    expect(textoDaLocalizacao(m)).toBe('');
    expect(textoDaLocalizacao({ ...m, conteudo: 'Estou aqui\nhttps://x.test/y' })).toBe('Estou aqui');
  });

  it("calls a shared contact's numbers and names its organisation with what was given", () => {
    expect(linhaDaOrganizacao({ empresa: 'Loja Azul', departamento: null, cargo: 'Gerente' })).toBe('Gerente · Loja Azul');
    expect(linhaDaOrganizacao(null)).toBe('');
    expect(telLink('+55 11 99999-0000')).toBe('tel:+5511999990000');
  });

  it("offers 'Reenviar' only for the attendant's sends the provider refused", () => {
    expect(failedAtProvider(mensagem({ autor: 'atendente', status: 'failed' }))).toBe(true);
    expect(failedAtProvider(mensagem({ autor: 'atendente', status: 'sent' }))).toBe(false);
    expect(failedAtProvider(mensagem({ autor: 'cliente', status: 'failed' }))).toBe(false);
    // A line the server never stored retries through the socket ('Tentar novamente'), not here.
    expect(failedAtProvider({ ...mensagem({ autor: 'atendente', status: 'failed' }), envio: 'falhou' })).toBe(false);
  });

  it('recognises the 24-hour window refusal by its code, never by its text, and remembers it per conversation until cleared', () => {
    expect(isForaDaJanela({ message: 'x', code: FORA_DA_JANELA })).toBe(true);
    expect(isForaDaJanela({ message: WHATSAPP_TEXTS.foraDaJanela, code: 'INTERNAL' })).toBe(false);
    expect(isForaDaJanela({ message: 'Atendimento não encontrado.', code: 'NOT_FOUND' })).toBe(false);
    markForaDaJanela('a1');
    expect(isMarkedForaDaJanela('a1')).toBe(true);
    expect(isMarkedForaDaJanela('a2')).toBe(false);
    clearForaDaJanela('a1');
    expect(isMarkedForaDaJanela('a1')).toBe(false);
  });
});
