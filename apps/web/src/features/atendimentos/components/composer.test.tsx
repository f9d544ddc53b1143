// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { ChatProvider, useChatContext } from '../context/chat-context';
import { atendimentoKeys } from '../keys';
import { todasMensagens, type TMensagensData } from '../message-cache';
import { customerChat } from '../realtime/customer-chat';
import { COMPOSER_TEXTS } from '../texts';
import { makeAtendimento } from '../testing/factories';
import { Composer } from './composer';
import type { TMensagemRapida } from '@balcao/shared/mensagens-rapidas';

const rapida = (atalho: string, conteudo: string): TMensagemRapida => ({
  id: atalho,
  atalho,
  titulo: atalho.toUpperCase(),
  conteudo,
  publica: true,
  autorNome: null,
  editavel: false,
  atualizadaEm: '2026-01-01T00:00:00Z',
});

const user: TCurrentUser = {
  id: 'u1',
  nome: 'Ana Lima',
  email: 'ana@demo.local',
  role: 'atendente',
  departamento: null,
  departamentoId: null,
  online: true,
  fotoUrl: null,
  notaMedia: null,
  masterId: null,
  databaseName: 'demo',
  timeZone: 'America/Sao_Paulo',
};

function setup(a: TAtendimento, rapidas: TMensagemRapida[] = []) {
  const qc = new QueryClient();
  qc.setQueryData(['mensagens-rapidas'], rapidas);
  qc.setQueryData<TMensagensData>(atendimentoKeys.mensagens(a.atendimentoId), {
    pages: [{ mensagens: [], hasMore: false, cursor: null }],
    pageParams: [null],
  });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[`/atendimentos?conversa=${a.atendimentoId}`]}>
        <ChatProvider>
          <Composer atendimento={a} user={user} />
        </ChatProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { qc, mensagens: () => todasMensagens(qc.getQueryData<TMensagensData>(atendimentoKeys.mensagens(a.atendimentoId))) };
}

describe('Composer', () => {
  afterEach(cleanup);

  it('sends on Enter through the widget queue with a pending line, and not on Shift+Enter', () => {
    const a = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', origem: 'widget' });
    const { mensagens } = setup(a);
    const box = screen.getByPlaceholderText(COMPOSER_TEXTS.placeholder);
    fireEvent.change(box, { target: { value: 'Olá, tudo bem?' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(mensagens()).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    const [m] = mensagens();
    expect(m).toMatchObject({ conteudo: 'Olá, tudo bem?', autor: 'atendente', envio: 'pendente' });
    expect(customerChat.widgetQueue.has(m!.clientId!)).toBe(true);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it("'/' opens the quick messages: arrows move, Enter inserts the chosen one with the variables filled, Escape closes", () => {
    const a = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', origem: 'widget', clienteNome: 'Joana' });
    const { mensagens } = setup(a, [rapida('ola', 'Olá {{nome}}, sou {{atendente}}!'), rapida('obrigado', 'Obrigado, {{ nome }}.')]);
    const box = screen.getByPlaceholderText(COMPOSER_TEXTS.placeholder) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Oi! /o' } });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('/ola'), expect.stringContaining('/obrigado')]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Oi! Olá Joana, sou Ana Lima!');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(mensagens()).toHaveLength(0);

    fireEvent.change(box, { target: { value: '/obr' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter now sends the text as typed.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(mensagens()[0]).toMatchObject({ conteudo: '/obr' });
  });

  it('explains why it is closed while waiting and once finished', () => {
    setup(makeAtendimento({ status: 'aguardando' }));
    expect(screen.getByText(COMPOSER_TEXTS.aceiteParaResponder)).toBeTruthy();
    cleanup();
    setup(makeAtendimento({ status: 'finalizado' }));
    expect(screen.getByText(COMPOSER_TEXTS.finalizado)).toBeTruthy();
    expect(screen.queryByPlaceholderText(COMPOSER_TEXTS.placeholder)).toBeNull();
  });

  it('searches the knowledge base and inserts a public link, or the text of an internal document, after what is typed', async () => {
    const a = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', origem: 'widget' });
    const achados = [
      {
        id: 'd1',
        titulo: 'Prazo de entrega',
        url: 'https://balcao.test/demo/documentacao/entregas/prazo',
        trecho: 'Entregamos em 3 dias úteis.',
        trechoHtml: 'Entregamos em 3 dias <mark>úteis</mark>.',
        conteudo: 'Entregamos em 3 dias úteis.',
        visibilidade: 'publica',
      },
      {
        id: 'd2',
        titulo: 'Estorno',
        url: null,
        trecho: 'Só a equipe.',
        trechoHtml: 'Só a equipe.',
        conteudo: 'Estorno em 7 dias.',
        visibilidade: 'interna',
      },
    ];
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/documentacao/busca?q=conceicao')
        ? new Response(JSON.stringify(achados))
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      setup(a);
      const box = screen.getByPlaceholderText(COMPOSER_TEXTS.placeholder) as HTMLTextAreaElement;
      fireEvent.change(box, { target: { value: 'Veja:' } });
      fireEvent.click(screen.getByRole('button', { name: 'Procurar na base de conhecimento' }));
      const d = within(await screen.findByRole('dialog'));
      fireEvent.change(d.getByLabelText('Procurar artigos'), { target: { value: 'conceicao' } });
      const lista = within(await d.findByRole('list', { name: 'Artigos encontrados' }));
      expect(lista.getByText('úteis').tagName).toBe('MARK');
      fireEvent.click(lista.getAllByRole('button', { name: 'Inserir link' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(box.value).toBe('Veja: Prazo de entrega: https://balcao.test/demo/documentacao/entregas/prazo');

      fireEvent.change(box, { target: { value: '' } });
      fireEvent.click(screen.getByRole('button', { name: 'Procurar na base de conhecimento' }));
      const d2 = within(await screen.findByRole('dialog'));
      fireEvent.change(d2.getByLabelText('Procurar artigos'), { target: { value: 'conceicao' } });
      fireEvent.click(await d2.findByRole('button', { name: 'Inserir texto' }));
      await waitFor(() => expect(box.value).toBe('Estorno em 7 dias.'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

function Lost() {
  useChatContext();
  return null;
}

describe('chat context', () => {
  afterEach(cleanup);

  it('refuses to be used outside its provider', () => {
    expect(() => render(<Lost />)).toThrow(/ChatProvider/);
  });
});

describe('motivoBloqueio', () => {
  it('lets the holder and supervisors write, and tells an atendente whose conversation it is', async () => {
    const { motivoBloqueio } = await import('./composer');
    const a = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u2', atendenteNome: 'Sofia' });
    expect(motivoBloqueio({ ...a, atendenteId: 'u1' }, user)).toBeNull();
    expect(motivoBloqueio(a, { ...user, role: 'admin' })).toBeNull();
    expect(motivoBloqueio(a, user)).toBe(COMPOSER_TEXTS.comOutro('Sofia'));
  });
});

describe('Composer: the 24-hour window before typing', () => {
  afterEach(cleanup);
  const DIA = 86_400_000;
  const whatsapp = (fechaEm: string | null) =>
    makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', origem: 'whatsapp', janela: { fechaEm, duracaoMs: DIA } });

  it('says when an open window closes', () => {
    setup(whatsapp(new Date(Date.now() + 2 * 3_600_000).toISOString()));
    expect(screen.getByRole('status').textContent).toMatch(/^Janela de 24 horas aberta · fecha (amanhã )?às \d{2}:\d{2}$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts the last hour in minutes', () => {
    setup(whatsapp(new Date(Date.now() + 35 * 60_000 - 1_000).toISOString()));
    expect(screen.getByRole('status').textContent).toBe('Janela de 24 horas aberta · fecha em 35 min');
  });

  it('says a closed window before anything is sent, and where an approved template goes out', () => {
    setup(whatsapp(new Date(Date.now() - 1_000).toISOString()));
    expect(screen.getByRole('alert').textContent).toContain(COMPOSER_TEXTS.foraDaJanelaTitulo);
    cleanup();
    const qc = new QueryClient();
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <ChatProvider>
            <Composer atendimento={whatsapp(null)} user={{ ...user, role: 'admin' }} />
          </ChatProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('link', { name: COMPOSER_TEXTS.enviarModelo }).getAttribute('href')).toBe('/mensagens-agendadas');
  });

  it('once closed, any attendant picks an approved template, fills its variables and sends it as a pending line', async () => {
    const a = whatsapp(new Date(Date.now() - 1_000).toISOString());
    const fetchMock = vi.fn(async (url: string) =>
      String(url).endsWith(`/api/atendimento/${a.atendimentoId}/modelos`)
        ? new Response(
            JSON.stringify([
              { nome: 'retomar', idioma: 'pt_BR', categoria: 'UTILITY', corpo: 'Olá {{1}}, podemos continuar?', variaveis: 1 },
            ]),
          )
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const send = vi.spyOn(customerChat, 'send');
    try {
      const { qc, mensagens } = setup(a);
      qc.setQueryData(atendimentoKeys.capacidades(), { [a.canalId]: CAPACIDADES_CANAL.whatsapp });
      fireEvent.click(await screen.findByRole('button', { name: COMPOSER_TEXTS.enviarModelo }));
      const d = within(await screen.findByRole('dialog'));
      const escolha = await d.findByLabelText('Modelo aprovado');
      fireEvent.click(d.getByRole('button', { name: COMPOSER_TEXTS.modeloEnviar }));
      expect(await d.findByText(COMPOSER_TEXTS.modeloEscolha)).toBeTruthy();
      fireEvent.change(escolha, { target: { value: 'retomar|pt_BR' } });
      fireEvent.change(d.getByLabelText('Variável {{1}}'), { target: { value: 'Joana' } });
      expect(d.getByText('Olá Joana, podemos continuar?')).toBeTruthy();
      fireEvent.click(d.getByRole('button', { name: COMPOSER_TEXTS.modeloEnviar }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const [m] = mensagens();
      expect(m).toMatchObject({ conteudo: 'Olá Joana, podemos continuar?', autor: 'atendente', envio: 'pendente' });
      expect(customerChat.agentQueue.has(m!.clientId!)).toBe(true);
      expect(send).toHaveBeenCalledWith(
        'whatsapp',
        expect.objectContaining({ modelo: { nome: 'retomar', idioma: 'pt_BR', variaveis: ['Joana'] } }),
      );
    } finally {
      send.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("keeps the bottom-right corner free on phones for the internal chat's button", () => {
    setup(whatsapp(null));
    const linha = screen.getByPlaceholderText(COMPOSER_TEXTS.placeholder).closest('div.relative');
    expect(linha?.className).toContain('max-md:pr-16');
  });

  it('shows nothing for a channel without a window (widget, WhatsApp Web)', () => {
    setup(makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', origem: 'whatsapp', janela: null }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
