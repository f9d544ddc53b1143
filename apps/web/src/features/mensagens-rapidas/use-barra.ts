import { useMemo, useState, type KeyboardEvent } from 'react';
import { preencherVariaveis, type TMensagemRapida } from '@balcao/shared/mensagens-rapidas';
import { useMensagensRapidas } from './api';
import { filterRapidas, tokenBarra } from './filtro';

/**
 * The '/' of the composer: which token is under the caret, the filtered list, the active entry, and the keys that
 * drive it. Choosing replaces '/consulta' with the message, {{nome}} and {{atendente}} filled.
 */
export function useBarraRapidas(vars: { nome: string | null; atendente: string | null }, mudar: (texto: string, caret: number) => void) {
  const [token, setToken] = useState<{ inicio: number; consulta: string; fim: number } | null>(null);
  const [ativo, setAtivo] = useState(0);
  const [fechadoEm, setFechadoEm] = useState<number | null>(null);
  const { data, isFetching } = useMensagensRapidas();
  const aberto = token !== null && fechadoEm !== token.inicio;
  const itens = useMemo(() => (aberto ? filterRapidas(data ?? [], token.consulta) : []), [aberto, data, token]);

  /** After each edit or caret move: the token there (a new '/' reopens a list closed with Escape). */
  const acompanhar = (texto: string, caret: number) => {
    const t = tokenBarra(texto, caret);
    setToken(t ? { ...t, fim: caret } : null);
    if (!t || t.inicio !== token?.inicio || t.consulta !== token?.consulta) setAtivo(0);
    if (!t || t.inicio !== fechadoEm) setFechadoEm(null);
  };

  const escolher = (m: TMensagemRapida, texto: string) => {
    if (!token) return;
    const conteudo = preencherVariaveis(m.conteudo, vars);
    mudar(texto.slice(0, token.inicio) + conteudo + texto.slice(token.fim), token.inicio + conteudo.length);
    setToken(null);
  };

  /** True when the key was the list's (the composer then does nothing else with it). */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>, texto: string): boolean => {
    if (!aberto) return false;
    if (e.key === 'Escape') {
      setFechadoEm(token.inicio);
      return true;
    }
    if (itens.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const d = e.key === 'ArrowDown' ? 1 : -1;
      setAtivo((a) => (a + d + itens.length) % itens.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      escolher(itens[Math.min(ativo, itens.length - 1)]!, texto);
      return true;
    }
    return false;
  };

  return { aberto, itens, ativo: Math.min(ativo, Math.max(0, itens.length - 1)), carregando: isFetching, acompanhar, escolher, onKeyDown };
}
