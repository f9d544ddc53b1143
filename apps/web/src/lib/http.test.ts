// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, emDominioPersonalizado, errorMessage, mensagemDoCorpo, mensagemHttp, onLicencaExpirada, request } from './http';

const answer = (status: number, body: string, type = 'application/json') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })),
  );

const falha = (status: number, body: string, type?: string) => {
  answer(status, body, type);
  return request('GET', '/x', z.unknown()).then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
};

describe('request failures (spec part 1 §8, part 2 §8: the server text when present, else the fallback)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's message", async () => {
    const err = await falha(409, JSON.stringify({ message: 'Atendimento já finalizado', code: 'CONFLICT' }));
    expect(errorMessage(err, 'Erro ao atualizar a senha.')).toBe('Atendimento já finalizado');
    expect((err as ApiError).code).toBe('CONFLICT');
  });

  it.each([
    ['an empty 500', 500, ''],
    ['an HTML 502', 502, '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['a 503 without message', 503, JSON.stringify({ code: 'UNAVAILABLE' })],
  ])("shows the situation's fallback for %s", async (_name, status, body) => {
    const err = await falha(status, body, body.startsWith('<') ? 'text/html' : 'application/json');
    expect(err).toBeInstanceOf(ApiError);
    expect(errorMessage(err, 'Erro ao atualizar a senha.')).toBe('Erro ao atualizar a senha.');
    expect(errorMessage(err, 'Não foi possível carregar as conversas')).toBe('Não foi possível carregar as conversas');
  });

  it('a network failure gets the fallback too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await request('GET', '/x', null).catch((e: unknown) => e);
    expect(errorMessage(err, 'Erro ao criar grupo. Tente novamente.')).toBe('Erro ao criar grupo. Tente novamente.');
  });
});

describe('HTTP 400 reading order (spec part 2 §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('first message of the first errors entry: an array item or a string', () => {
    expect(mensagemDoCorpo({ errors: { nome: ['Nome obrigatório', 'x'], email: ['y'] }, detail: 'd', message: 'm' })).toBe(
      'Nome obrigatório',
    );
    expect(mensagemDoCorpo({ errors: { nome: 'Nome curto' }, message: 'm' })).toBe('Nome curto');
  });

  it('then detail, then message, then a plain-string body, else null (the fallback)', () => {
    expect(mensagemDoCorpo({ errors: {}, detail: 'Detalhe', message: 'm' })).toBe('Detalhe');
    expect(mensagemDoCorpo({ message: 'Mensagem' })).toBe('Mensagem');
    expect(mensagemDoCorpo('Texto simples')).toBe('Texto simples');
    expect(mensagemDoCorpo('<!doctype html><html></html>')).toBeNull();
    expect(mensagemDoCorpo({})).toBeNull();
    expect(mensagemDoCorpo(undefined)).toBeNull();
  });

  it('mensagemHttp applies it to a failed request, else the fallback', async () => {
    const err = await falha(400, JSON.stringify({ message: 'Dados inválidos', errors: { pesquisa: ['Pesquisa muito longa'] } }));
    expect(mensagemHttp(err, 'Erro ao buscar clientes')).toBe('Pesquisa muito longa');
    expect(mensagemHttp(await falha(500, ''), 'Erro ao buscar clientes')).toBe('Erro ao buscar clientes');
    expect(mensagemHttp(new Error('boom'), 'Erro ao buscar clientes')).toBe('Erro ao buscar clientes');
  });
});

describe('402 LICENCA_EXPIRADA (the licence blocker checks again at once)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells every listener on a 402, and nobody on other failures; a listener that left hears nothing', async () => {
    const heard = vi.fn();
    const stop = onLicencaExpirada(heard);
    const err = await falha(402, JSON.stringify({ message: 'Sua licença expirou.', code: 'LICENCA_EXPIRADA' }));
    expect((err as ApiError).code).toBe('LICENCA_EXPIRADA');
    expect(heard).toHaveBeenCalledTimes(1);
    await falha(409, JSON.stringify({ message: 'Conflito' }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    await falha(402, JSON.stringify({ message: 'Sua licença expirou.' }));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('custom-domain restriction (spec part 1 §6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves a CustomDomainBlock answer as an empty result and marks the domain', async () => {
    expect(emDominioPersonalizado()).toBe(false);
    answer(403, JSON.stringify({ code: 'CustomDomainBlock', message: 'Endpoint não permitido em domínio personalizado' }));
    await expect(request('GET', '/api/usuarios', z.array(z.string()))).resolves.toBeUndefined();
    expect(emDominioPersonalizado()).toBe(true);
  });
});
