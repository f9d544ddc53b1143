import { KeyRound, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AUTOATENDIMENTO_TEXTS as T } from '@balcao/shared/autoatendimento';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { CodeBlock } from '@/features/config/components/copy-button';
import { describedBy, Field } from '@/features/config/components/field';
import { ApiError, errorMessage } from '@/lib/http';
import { useChaves, useCreateChave, useRevokeChave } from './api';
import { dataCurta } from '@/features/mensagens-agendadas/format';

/** Configurações → Integrações: the ERP's keys for self-service requests (the new key shown once, then only its start). */
export function ChavesErpSection() {
  const chaves = useChaves();
  const criar = useCreateChave();
  const revogar = useRevokeChave();
  const [nome, setNome] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [nova, setNova] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    criar.mutate(nome, {
      onSuccess: (c) => {
        setNova(c.chave);
        setNome('');
        setErro(undefined);
      },
      onError: (err) =>
        setErro(
          err instanceof ApiError
            ? (err.errors?.nome?.[0] ?? errorMessage(err, 'Não foi possível criar a chave.'))
            : 'Não foi possível criar a chave.',
        ),
    });
  };
  const origem = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section className="grid gap-4 rounded-xl border p-5" aria-labelledby="erp-titulo">
      <div className="grid gap-1">
        <h3 id="erp-titulo" className="flex items-center gap-2 font-semibold">
          <KeyRound className="size-4" aria-hidden /> AutoAtendimento (ERP)
        </h3>
        <p className="max-w-prose text-sm text-muted-foreground">
          O seu ERP envia solicitações de autoatendimento (2ª via de boleto, pedidos…) com uma chave; os atendentes as veem em Solicitações.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <Field id="erp-nome" label="Nome da chave" error={erro}>
          <Input
            id="erp-nome"
            value={nome}
            onChange={(e) => setNome(e.target.value)}
            placeholder="ERP da loja"
            {...describedBy('erp-nome', erro, false)}
          />
        </Field>
        <Button type="submit" disabled={criar.isPending}>
          <Plus aria-hidden /> Criar chave
        </Button>
      </form>
      {nova && (
        <div className="grid gap-2" role="status">
          <p className="text-sm font-medium">{T.chaveCriada}</p>
          <CodeBlock label="Nova chave" lang="chave" code={nova} />
          <CodeBlock
            label="Exemplo de chamada"
            lang="curl"
            code={`curl -X POST ${origem}/backend/api/public/autoatendimento/solicitacoes \\\n  -H 'Authorization: Bearer ${nova}' -H 'Content-Type: application/json' \\\n  -d '{"cliente":{"nome":"Joana Silva","numero":"+5511977776666"},"tipo":"segunda_via_boleto","descricao":"2ª via do boleto"}'`}
          />
        </div>
      )}
      {chaves.data && chaves.data.length > 0 && (
        <ul className="divide-y rounded-lg border text-sm">
          {chaves.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 p-3">
              <span className="font-medium">{c.nome}</span>
              <code className="text-xs text-muted-foreground">{c.prefixo}…</code>
              <span className="text-xs text-muted-foreground">
                {c.revogadaEm
                  ? `Revogada em ${dataCurta(c.revogadaEm)}`
                  : c.ultimoUsoEm
                    ? `Último uso ${dataCurta(c.ultimoUsoEm)}`
                    : 'Nunca usada'}
              </span>
              {!c.revogadaEm && (
                <Button variant="outline" size="sm" className="ml-auto" onClick={() => revogar.mutate(c.id)}>
                  Revogar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
