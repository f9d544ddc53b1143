// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CHAT_INTERNO_INLINE } from '@balcao/shared/chat-interno';
import { LISTA_TEXTS, COMPOSER_TEXTS, VIDEO_TEXTS } from '../texts';
import { euMesmo, makeConversa } from '../testing/factories';
import { VIDEO_SPINNER_LIMITE_MS } from '../ui-constants';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { GroupNameEditor } from './group-name-editor';
import { VideoPlayer } from './video-player';

const sendMensagem = vi.fn(async () => undefined);
vi.mock('../send', () => ({ sendMensagem: (...a: unknown[]) => sendMensagem(...(a as [])) }));

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('ConversationList (spec part 2 §2)', () => {
  afterEach(cleanup);
  const props = { carregando: false, eu: euMesmo, selecionadaId: null, onSelecionar: vi.fn(), onFechar: vi.fn() };

  it('shows the empty state with its action when there is no conversation', () => {
    const onNovo = vi.fn();
    wrap(<ConversationList {...props} conversas={[]} onNovo={onNovo} />);
    expect(screen.getByText(LISTA_TEXTS.nenhumaDisponivel)).toBeTruthy();
    expect(screen.getByText(LISTA_TEXTS.cliqueMais)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: LISTA_TEXTS.iniciarNova }));
    expect(onNovo).toHaveBeenCalledWith('conversa');
  });

  it('filters by search, says so when nothing matches, and caps the badge at 99+', () => {
    const conversas = [
      makeConversa({ id: 'a', usuariosNomes: ['Ana Admin'], qtdMensagensNaoVistas: 150, ultimaMensagem: 'Oi' }),
      makeConversa({ id: 'b', ehGrupo: true, nome: 'Suporte', usuariosNomes: ['Carlos'] }),
    ];
    wrap(<ConversationList {...props} conversas={conversas} onNovo={vi.fn()} />);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByText('Sem mensagens')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: LISTA_TEXTS.buscar }), { target: { value: 'supo' } });
    expect(screen.queryByText('Ana Admin')).toBeNull();
    expect(screen.getByText('Suporte')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: LISTA_TEXTS.buscar }), { target: { value: 'zzz' } });
    expect(screen.getByText(LISTA_TEXTS.nenhumaEncontrada)).toBeTruthy();
  });
});

describe('GroupNameEditor (spec part 2 §2/§4)', () => {
  afterEach(cleanup);
  it('Enter saves the trimmed name; Escape, an empty or unchanged name cancel', () => {
    const onSalvar = vi.fn();
    const onCancelar = vi.fn();
    render(<GroupNameEditor atual="Equipe" onSalvar={onSalvar} onCancelar={onCancelar} />);
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: '  Equipe Balcão ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSalvar).toHaveBeenCalledWith('Equipe Balcão');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancelar).toHaveBeenCalledTimes(1);
    fireEvent.change(box, { target: { value: 'Equipe' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSalvar).toHaveBeenCalledTimes(1);
    expect(onCancelar).toHaveBeenCalledTimes(3);
  });
});

describe('Composer (spec part 2 §2/§4)', () => {
  afterEach(() => {
    cleanup();
    sendMensagem.mockClear();
  });
  it('sends on Enter, breaks the line on Shift+Enter, and clears the box', async () => {
    wrap(<Composer conversaId="c1" user={euMesmo} />);
    const box = screen.getByRole('textbox', { name: COMPOSER_TEXTS.placeholder }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Olá' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sendMensagem).not.toHaveBeenCalled();
    await act(async () => void fireEvent.keyDown(box, { key: 'Enter' }));
    expect(sendMensagem).toHaveBeenCalledWith(expect.anything(), euMesmo, 'c1', { tipo: 'text', texto: 'Olá' });
    expect(box.value).toBe('');
  });
  it('does not send an empty message', async () => {
    wrap(<Composer conversaId="c2" user={euMesmo} />);
    const box = screen.getByRole('textbox', { name: COMPOSER_TEXTS.placeholder });
    fireEvent.change(box, { target: { value: '   ' } });
    await act(async () => void fireEvent.keyDown(box, { key: 'Enter' }));
    expect(sendMensagem).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: COMPOSER_TEXTS.enviar }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('VideoPlayer (spec part 2 §2/§4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  it('gives up the spinner after 5 s', () => {
    render(<VideoPlayer src="/v.webm" nome="v.webm" />);
    expect(screen.getByRole('status', { name: VIDEO_TEXTS.carregando })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(VIDEO_SPINNER_LIMITE_MS));
    expect(screen.queryByRole('status', { name: VIDEO_TEXTS.carregando })).toBeNull();
  });
  it('shows the error text and a link to open the file in a new tab', () => {
    const { container } = render(<VideoPlayer src="/v.webm" nome="v.webm" />);
    fireEvent.error(container.querySelector('video')!);
    expect(screen.getByText(CHAT_INTERNO_INLINE.erroVideo)).toBeTruthy();
    const link = screen.getByRole('link', { name: VIDEO_TEXTS.abrirNovaAba });
    expect(link.getAttribute('href')).toBe('/v.webm');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
