// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TMensagemLocal } from '../message-cache';
import { makeAtendimento, makeMensagem } from '../testing/factories';
import { markForaDaJanela } from '../whatsapp';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { ChatProvider } from '../context/chat-context';

const nomeDe = (m: { autor: string }) => (m.autor === 'cliente' ? 'Carla' : 'Você');
const bubble = (m: TMensagemLocal, reacoes: TMensagemLocal[] = [], onReenviar = vi.fn()) => {
  render(
    <MessageBubble
      m={m}
      reacoes={reacoes}
      nomeDe={nomeDe}
      mostrarAutor={false}
      onRetry={vi.fn()}
      onReenviar={onReenviar}
      onMediaLoad={vi.fn()}
    />,
  );
  return onReenviar;
};
afterEach(cleanup);

describe('WhatsApp messages in the bubble', () => {
  it('shows the ticks: queued, sent, delivered, read', () => {
    for (const [status, label] of [
      ['pending', 'Na fila de envio'],
      ['sent', 'Enviada'],
      ['delivered', 'Entregue'],
      ['read', 'Lida'],
    ] as const) {
      bubble(makeMensagem({ autor: 'atendente', atendenteId: 'u1', status }));
      expect(screen.getByRole('img', { name: label })).toBeTruthy();
      cleanup();
    }
  });

  it("a send Meta refused shows its reason and 'Reenviar'", () => {
    const m = makeMensagem({ autor: 'atendente', atendenteId: 'u1', status: 'failed', erroEnvio: 'Número sem WhatsApp.' });
    const onReenviar = bubble(m);
    expect(screen.getByText('Não enviada: Número sem WhatsApp.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Falhou' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(onReenviar).toHaveBeenCalledWith(m);
  });

  it("a message sent by a scheduled message is marked 'agendada'; others are not", () => {
    bubble(makeMensagem({ autor: 'atendente', atendenteId: 'u1', status: 'sent', conteudo: 'Lembrete', agendada: true }));
    expect(screen.getAllByTitle('Enviada por uma mensagem agendada').length).toBeGreaterThan(0);
    cleanup();
    bubble(makeMensagem({ autor: 'atendente', atendenteId: 'u1', status: 'sent', conteudo: 'Oi' }));
    expect(screen.queryByTitle('Enviada por uma mensagem agendada')).toBeNull();
  });

  it('edited and deleted states, a quoted reply and reactions', () => {
    const alvo = makeMensagem({ id: 'm1', conteudo: 'Pode ser amanhã?', editada: true });
    bubble(alvo, [makeMensagem({ tipo: 'reaction', conteudo: '👍', reagindoA: 'm1', autor: 'atendente', atendenteId: 'u1' })]);
    expect(screen.getAllByText('editada').length).toBeGreaterThan(0);
    expect(screen.getByTitle('Você reagiu 👍')).toBeTruthy();
    cleanup();
    bubble(makeMensagem({ apagada: true, conteudo: 'segredo' }));
    expect(screen.getByText('Mensagem apagada')).toBeTruthy();
    expect(screen.queryByText('segredo')).toBeNull();
    cleanup();
    bubble(makeMensagem({ conteudo: 'Sim', respondendoA: { id: 'm0', autor: 'atendente', tipo: 'text', conteudo: 'Amanhã às 10h?' } }));
    expect(screen.getByText('Amanhã às 10h?')).toBeTruthy();
  });

  it('a location links to the map; shared contacts are cards with callable numbers; an image opens', () => {
    bubble(
      makeMensagem({
        tipo: 'location',
        conteudo: 'Loja\nhttps://www.google.com/maps/search/?api=1&query=-23.5,-46.6',
        localizacao: { latitude: -23.5, longitude: -46.6, nome: 'Loja' },
      }),
    );
    expect(screen.getByRole('link', { name: /Loja/ }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=-23.5,-46.6',
    );
    expect(screen.queryByText(/^https:/)).toBeNull();
    cleanup();
    bubble(
      makeMensagem({
        conteudo: '👤 Ana Souza: +55 11 99999-0000',
        contatos: [
          {
            nome: 'Ana Souza',
            telefones: [{ numero: '+55 11 99999-0000', tipo: 'CELL' }],
            emails: [{ email: 'ana@lojaazul.com.br', tipo: 'WORK' }],
            organizacao: { empresa: 'Loja Azul', departamento: null, cargo: 'Gerente' },
          },
        ],
      }),
    );
    expect(screen.getByRole('link', { name: 'Ligar para Ana Souza: +55 11 99999-0000' }).getAttribute('href')).toBe('tel:+5511999990000');
    expect(screen.getByRole('link', { name: 'Enviar e-mail para Ana Souza: ana@lojaazul.com.br' }).getAttribute('href')).toBe(
      'mailto:ana@lojaazul.com.br',
    );
    expect(screen.getByText('Gerente · Loja Azul')).toBeTruthy();
    // The card replaces the text it repeats.
    expect(screen.queryByText(/👤/)).toBeNull();
    cleanup();
    // A customer typing a contact-like line is not a card (cards come only from the provider's structure).
    bubble(makeMensagem({ conteudo: '👤 Ana Souza: +55 11 99999-0000' }));
    expect(screen.queryByRole('link', { name: /Ligar para/ })).toBeNull();
    expect(screen.getByText('👤 Ana Souza: +55 11 99999-0000')).toBeTruthy();
    cleanup();
    bubble(
      makeMensagem({ tipo: 'image', conteudo: '', midia: { url: '/uploads/a.jpg', mimeType: 'image/jpeg', filename: null, size: 10 } }),
    );
    expect(screen.getByRole('link', { name: 'Abrir imagem em nova aba' }).getAttribute('href')).toBe('/uploads/a.jpg');
  });
});

describe('composer outside the 24-hour window', () => {
  it("shows the server's refusal until the customer writes again", () => {
    const a = makeAtendimento({ atendimentoId: 'a-janela', status: 'em_atendimento', atendenteId: 'u1', origem: 'whatsapp' });
    markForaDaJanela('a-janela');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ChatProvider>
            <Composer
              atendimento={a}
              user={{
                id: 'u1',
                nome: 'Ana',
                email: 'a@b.c',
                role: 'atendente',
                departamento: null,
                departamentoId: null,
                online: true,
                fotoUrl: null,
                notaMedia: null,
                masterId: null,
                databaseName: 'demo',
                timeZone: 'America/Sao_Paulo',
              }}
            />
          </ChatProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain(WHATSAPP_TEXTS.foraDaJanela);
  });
});
