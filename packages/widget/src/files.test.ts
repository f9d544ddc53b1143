import { describe, expect, it } from 'vitest';
import { checkFile } from './files';
import { noticeFor, statusText } from './notice';

describe('checkFile', () => {
  it('refuses files over 16 MB and types the server would refuse, in Portuguese', () => {
    expect(checkFile({ size: 16 * 1024 * 1024, type: 'application/pdf' })).toBeNull();
    expect(checkFile({ size: 16 * 1024 * 1024 + 1, type: 'application/pdf' })).toBe('O arquivo deve ter no máximo 16MB.');
    expect(checkFile({ size: 10, type: 'application/x-msdownload' })).toBe('Tipo de arquivo não permitido.');
    expect(checkFile({ size: 10, type: '' })).toBeNull();
  });
});

describe('status and notice', () => {
  const origin = 'https://chat.example.com';
  it('says where the conversation stands', () => {
    expect(statusText(null)).toBe('');
    expect(statusText({ status: 'aguardando', atendenteNome: null, avaliacaoUrl: null })).toBe('Aguardando atendimento');
    expect(statusText({ status: 'em_atendimento', atendenteNome: 'Carlos', avaliacaoUrl: null })).toBe('Em atendimento com Carlos');
    expect(statusText({ status: 'finalizado', atendenteNome: 'Carlos', avaliacaoUrl: null })).toBe('Atendimento finalizado');
  });

  it('offers the rating link after the end, on the chat host, and lets a problem take the strip', () => {
    const fim = { status: 'finalizado', atendenteNome: 'Carlos', avaliacaoUrl: '/avaliar/demo/1' };
    expect(noticeFor(null, fim, origin)).toEqual({
      text: 'Atendimento finalizado.',
      kind: 'info',
      link: { href: `${origin}/avaliar/demo/1`, label: 'Avaliar atendimento' },
    });
    expect(noticeFor(null, { ...fim, avaliacaoUrl: 'javascript:alert(1)' }, origin)?.link).toBeUndefined();
    expect(noticeFor({ text: 'Sem conexão.', kind: 'warn' }, fim, origin)).toEqual({ text: 'Sem conexão.', kind: 'warn' });
    expect(noticeFor(null, { ...fim, status: 'em_atendimento' }, origin)).toBeNull();
  });
});
