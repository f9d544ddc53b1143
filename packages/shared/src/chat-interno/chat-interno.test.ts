import { describe, expect, it } from 'vitest';
import {
  CHAT_INTERNO_MIDIA_URL_RE,
  CHAT_INTERNO_VALIDACAO as V,
  classificarNovaConversa,
  formatarTamanho,
  previaMensagem,
  tipoPorMime,
  tituloConversa,
  ZCriarConversaInput,
  ZEnviarMensagemInput,
  ZNomeGrupo,
} from './index';

describe('classificarNovaConversa (spec part 2 §5, our reading)', () => {
  const u = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);
  it('reads one user, no department and no name as a direct chat', () => {
    expect(classificarNovaConversa({ usuarios: u(1), departamentos: [], nome: '' })).toEqual({ ok: true, ehGrupo: false });
    expect(classificarNovaConversa({ usuarios: [], departamentos: [], nome: '  ' })).toMatchObject({
      ok: false,
      mensagem: V.selecioneUsuario,
    });
  });
  it('applies the group rules to anything else', () => {
    expect(classificarNovaConversa({ usuarios: u(2), departamentos: [], nome: '' })).toMatchObject({
      ok: false,
      campo: 'nome',
      mensagem: V.nomeGrupoObrigatorio,
    });
    expect(classificarNovaConversa({ usuarios: u(1), departamentos: [], nome: 'Dupla' })).toMatchObject({
      ok: false,
      mensagem: V.grupoMinimo,
    });
    expect(classificarNovaConversa({ usuarios: u(2), departamentos: [], nome: 'x'.repeat(51) })).toMatchObject({
      ok: false,
      mensagem: V.nomeGrupoLongo,
    });
    expect(classificarNovaConversa({ usuarios: u(2), departamentos: [], nome: 'Time' })).toEqual({ ok: true, ehGrupo: true });
    expect(classificarNovaConversa({ usuarios: [], departamentos: ['d'], nome: 'Suporte' })).toEqual({ ok: true, ehGrupo: true });
  });
});

describe('wire schemas', () => {
  it('trims the group name and caps it at 50 characters', () => {
    expect(ZNomeGrupo.parse('  Time  ')).toBe('Time');
    expect(ZNomeGrupo.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(V.nomeGrupoLongo);
    expect(ZCriarConversaInput.safeParse({ usuarios: [], departamentos: [], nome: 'x'.repeat(51) }).success).toBe(false);
    expect(ZCriarConversaInput.parse({ usuarios: [] })).toEqual({ usuarios: [], departamentos: [], nome: '' });
  });
  it('wants text for a text message and one of our upload URLs for media', () => {
    const id = '2b0f6a53-1b5f-4c3e-9a43-3f1c7b1a9d10';
    expect(ZEnviarMensagemInput.safeParse({ conversaId: id, mensagem: { id: 'c1', texto: ' ' } }).error?.issues[0]?.message).toBe(
      V.mensagemVazia,
    );
    expect(ZEnviarMensagemInput.safeParse({ conversaId: id, mensagem: { id: 'c1', tipo: 'video' } }).error?.issues[0]?.message).toBe(
      V.midiaObrigatoria,
    );
    const url = `/backend/uploads/chat-interno/${'a'.repeat(32)}.mp4`;
    expect(CHAT_INTERNO_MIDIA_URL_RE.test(url)).toBe(true);
    expect(CHAT_INTERNO_MIDIA_URL_RE.test('/backend/uploads/chat-interno/../../etc/passwd')).toBe(false);
    expect(ZEnviarMensagemInput.parse({ conversaId: id, mensagem: { id: 'c1', tipo: 'video', midiaUrl: url } }).mensagem).toMatchObject({
      texto: '',
      midiaUrl: url,
    });
  });
});

describe('list helpers (spec part 2 §2/§4)', () => {
  it('titles a group by name, else names, else "Grupo"; a direct chat by the first name, else "Conversa"', () => {
    const base = { usuariosNomes: [] as string[], departamentosNomes: [] as string[] };
    expect(tituloConversa({ ...base, ehGrupo: true, nome: 'Time' })).toBe('Time');
    expect(tituloConversa({ ehGrupo: true, nome: null, usuariosNomes: ['Ana'], departamentosNomes: ['Suporte'] })).toBe('Ana, Suporte');
    expect(tituloConversa({ ...base, ehGrupo: true, nome: '' })).toBe('Grupo');
    expect(tituloConversa({ ...base, ehGrupo: false, nome: null, usuariosNomes: ['Bia', 'Caio'] })).toBe('Bia');
    expect(tituloConversa({ ...base, ehGrupo: false, nome: null })).toBe('Conversa');
  });
  it('previews media as [Foto], [Vídeo] or [Arquivo] with the caption', () => {
    expect(previaMensagem({ tipo: 'image', conteudo: 'olha' })).toBe('[Foto] olha');
    expect(previaMensagem({ tipo: 'video', conteudo: '' })).toBe('[Vídeo]');
    expect(previaMensagem({ tipo: 'audio', conteudo: '' })).toBe('[Arquivo]');
    expect(previaMensagem({ tipo: 'text', conteudo: 'oi' })).toBe('oi');
  });
  it('reads the kind from the mime prefix and sizes in Bytes, KB, MB, GB', () => {
    expect(['image/png', 'video/mp4', 'audio/ogg', 'application/pdf'].map(tipoPorMime)).toEqual(['image', 'video', 'audio', 'document']);
    expect([512, 1536, 10 * 1024 * 1024, 3 * 1024 ** 3].map(formatarTamanho)).toEqual(['512 Bytes', '1,5 KB', '10 MB', '3 GB']);
    // Portuguese reads a decimal comma and groups thousands with a dot.
    expect(formatarTamanho(850_074)).toBe('830,15 KB');
    expect(formatarTamanho(1023)).toBe('1.023 Bytes');
  });
});
