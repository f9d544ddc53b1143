import { useState } from 'react';
import type { TColuna } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useAtividade, useComentar, useComentarios } from './api';
import { describeAtividade } from './format';
import { Markdown } from './markdown';
import { usePessoasComigo } from './responsaveis-campo';

const quando = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Comments, oldest first; "Mencionar" writes @Nome and the person gets a notice in the internal chat. */
export function Comentarios({ tarefaId }: { tarefaId: string }) {
  const q = useComentarios(tarefaId);
  const comentar = useComentar(tarefaId);
  const pessoas = usePessoasComigo();
  const [texto, setTexto] = useState('');
  const [mencoes, setMencoes] = useState<string[]>([]);
  const enviar = () =>
    comentar.mutate(
      { texto, mencoes: mencoes.filter((id) => texto.includes(`@${pessoas.find((p) => p.id === id)?.nome.replace(' (eu)', '')}`)) },
      {
        onSuccess: () => {
          setTexto('');
          setMencoes([]);
        },
        onError: (err) => toast.error(errorMessage(err, 'Não foi possível comentar.')),
      },
    );
  return (
    <section aria-labelledby="comentarios-titulo" className="flex flex-col gap-2">
      <h3 id="comentarios-titulo" className="text-sm font-semibold">
        Comentários
      </h3>
      <ul className="flex flex-col gap-2">
        {q.data?.map((c) => (
          <li key={c.id} className="rounded-md bg-muted/50 p-2 text-sm">
            <span className="font-medium">{c.autor?.nome ?? 'Usuário removido'}</span>{' '}
            <span className="text-xs text-muted-foreground">{quando(c.criadoEm)}</span>
            <Markdown texto={c.texto} className="mt-1" />
          </li>
        ))}
        {q.data?.length === 0 && <li className="text-sm text-muted-foreground">Nenhum comentário ainda.</li>}
      </ul>
      <label htmlFor="novo-comentario" className="sr-only">
        Novo comentário
      </label>
      <textarea
        id="novo-comentario"
        className="min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
        placeholder="Escreva um comentário"
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
      />
      <div className="flex items-center gap-2">
        <NativeSelect
          aria-label="Mencionar alguém"
          className="max-w-48"
          value=""
          onChange={(e) => {
            const p = pessoas.find((x) => x.id === e.target.value);
            if (!p) return;
            setTexto((t) => `${t}${t && !t.endsWith(' ') ? ' ' : ''}@${p.nome.replace(' (eu)', '')} `);
            setMencoes((m) => [...new Set([...m, p.id])]);
          }}
        >
          <option value="">Mencionar…</option>
          {pessoas.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nome}
            </option>
          ))}
        </NativeSelect>
        <Button size="sm" disabled={!texto.trim() || comentar.isPending} onClick={enviar}>
          Comentar
        </Button>
      </div>
    </section>
  );
}

export function Atividade({ tarefaId, colunas }: { tarefaId: string; colunas: TColuna[] }) {
  const q = useAtividade(tarefaId);
  return (
    <section aria-labelledby="atividade-titulo" className="flex flex-col gap-2">
      <h3 id="atividade-titulo" className="text-sm font-semibold">
        Atividade
      </h3>
      <ol className="flex flex-col gap-1 text-sm">
        {q.data?.map((a) => (
          <li key={a.id} className="flex justify-between gap-2 border-b py-1 last:border-0">
            <span>{describeAtividade(a, colunas)}</span>
            <time dateTime={a.criadaEm} className="shrink-0 text-xs text-muted-foreground">
              {quando(a.criadaEm)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
