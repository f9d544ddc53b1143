import { Phone, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { CLIENTES_TEXTS, normalizarNumero } from '@balcao/shared/clientes';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumero } from '@/features/atendimentos/format';
import { useDebounced } from '@/features/atendimentos/hooks';
import { BUSCA_DEBOUNCE_MS } from '@/features/atendimentos/ui-constants';
import { useBuscaClientes } from '@/features/clientes/api';
import { describedBy, Field } from '@/features/config/components/field';
import type { TAlvo } from './api';

const BUSCA_TAKE = 6;

/** What was typed, read as a phone number in E.164 when it is one (digits, spaces, '+', brackets, dots, dashes). */
function numeroDigitado(texto: string): string | null {
  if (!/^[\s\d().+-]+$/.test(texto)) return null;
  const n = normalizarNumero(texto.trim());
  return /^\+[1-9]\d{7,14}$/.test(n) ? n : null;
}

/** The chosen customer or number, with a way to choose again. */
export function AlvoEscolhido({ alvo, nome, onTrocar }: { alvo: TAlvo; nome: string | null; onTrocar: () => void }) {
  const Icone = alvo.tipo === 'cliente' ? UserRound : Phone;
  const titulo = alvo.tipo === 'cliente' ? alvo.nome : (nome ?? formatNumero(alvo.numero));
  const linha =
    alvo.numero && (alvo.tipo === 'cliente' || nome) ? formatNumero(alvo.numero) : alvo.tipo === 'numero' ? 'Número novo' : null;
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icone className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{titulo}</p>
        {linha && <p className="truncate text-xs text-muted-foreground">{linha}</p>}
      </div>
      <Button type="button" variant="ghost" size="sm" onClick={onTrocar}>
        <X aria-hidden /> Trocar
      </Button>
    </div>
  );
}

/** Search the directory (GET /cliente/lista) or type a number: each result, and the typed number, is a choice. */
export function DestinoBusca({ onEscolher, error }: { onEscolher: (a: TAlvo) => void; error?: string }) {
  const [texto, setTexto] = useState('');
  const pesquisa = useDebounced(texto.trim(), BUSCA_DEBOUNCE_MS);
  const busca = useBuscaClientes(pesquisa, BUSCA_TAKE);
  const numero = numeroDigitado(texto);
  const itens = busca.data?.itens ?? [];
  const mostrarNumero = numero !== null && !itens.some((c) => c.numero === numero);
  return (
    <div className="grid gap-2">
      <Field
        id="nc-busca"
        label="Cliente ou número"
        hint="Busque por nome, número ou e-mail, ou digite o número com DDI e DDD."
        error={error}
      >
        <Input
          id="nc-busca"
          type="search"
          autoComplete="off"
          placeholder="Ex.: Joana ou +55 11 99999-8888"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          {...describedBy('nc-busca', error)}
        />
      </Field>
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" aria-label="Clientes encontrados">
        {mostrarNumero && (
          <li>
            <Button
              type="button"
              variant="ghost"
              className="h-auto w-full justify-start gap-3 py-2 text-left"
              onClick={() => onEscolher({ tipo: 'numero', numero })}
            >
              <Phone className="text-primary" aria-hidden />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">Escrever para {formatNumero(numero)}</span>
                <span className="text-xs text-muted-foreground">Um número que não está na lista de clientes</span>
              </span>
            </Button>
          </li>
        )}
        {busca.isPending &&
          ['a', 'b', 'c'].map((k) => (
            <li key={k}>
              <Skeleton className="h-11 w-full" />
            </li>
          ))}
        {itens.map((c) => (
          <li key={c.id}>
            <Button
              type="button"
              variant="ghost"
              className="h-auto w-full justify-start gap-3 py-2 text-left"
              disabled={!c.numero}
              onClick={() => onEscolher({ tipo: 'cliente', id: c.id, nome: c.nome, numero: c.numero })}
            >
              <UserRound className="text-muted-foreground" aria-hidden />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{c.nome}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {c.numero ? formatNumero(c.numero) : 'Sem número de WhatsApp'}
                </span>
              </span>
            </Button>
          </li>
        ))}
      </ul>
      {busca.isError && (
        <p role="alert" className="text-sm text-destructive">
          {busca.error.message}
        </p>
      )}
      {busca.isSuccess && itens.length === 0 && !mostrarNumero && <p className="text-sm text-muted-foreground">{CLIENTES_TEXTS.nenhum}</p>}
    </div>
  );
}
