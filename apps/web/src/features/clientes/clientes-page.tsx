import { Pencil, Plus, UsersRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATUS_LABEL, ZClienteDetalhe } from '@balcao/shared/atendimentos';
import { CLIENTES_TEXTS as T, ZClientePagina, ZClienteResumo, type TClienteResumo } from '@balcao/shared/clientes';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { UserAvatar } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { formatNumero } from '@/features/atendimentos/format';
import { ConsentimentoSection, EstadoBadge } from '@/features/consentimento/consentimento-section';
import { describedBy, Field } from '@/features/config/components/field';
import { dataCurta } from '@/features/mensagens-agendadas/format';
import { ApiError, mensagemHttp, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const TAKE = 20;

function ClienteDialog({ atual, onClose }: { atual: TClienteResumo | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [v, setV] = useState({ nome: atual?.nome ?? '', numero: atual?.numero ?? '', email: atual?.email ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const detalhe = useQuery({
    queryKey: ['clientes', 'detalhe', atual?.id],
    enabled: !!atual,
    queryFn: () => request('GET', `/api/clientes/${atual!.id}`, ZClienteDetalhe),
  });
  const save = useMutation({
    mutationFn: () =>
      atual ? request('PUT', `/api/clientes/${atual.id}`, ZClienteResumo, v) : request('POST', '/api/clientes', ZClienteResumo, v),
    onSuccess: () => {
      toast.success('Sucesso', atual ? T.atualizado : T.criado);
      void qc.invalidateQueries({ queryKey: ['clientes'] });
      onClose();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0] ?? ''])));
      toast.error(mensagemHttp(err, 'Não foi possível salvar o cliente.'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{atual ? 'Editar cliente' : 'Novo cliente'}</DialogTitle>
            <DialogDescription>O número, com código do país e DDD, é o WhatsApp do cliente.</DialogDescription>
          </DialogHeader>
          <Field id="cli-nome" label="Nome" error={errors.nome}>
            <Input
              id="cli-nome"
              value={v.nome}
              onChange={(e) => setV({ ...v, nome: e.target.value })}
              {...describedBy('cli-nome', errors.nome, false)}
            />
          </Field>
          <Field id="cli-numero" label="Número" hint="Ex.: +55 11 99999-8888" error={errors.numero}>
            <Input
              id="cli-numero"
              type="tel"
              value={v.numero}
              onChange={(e) => setV({ ...v, numero: e.target.value })}
              {...describedBy('cli-numero', errors.numero)}
            />
          </Field>
          <Field id="cli-email" label="E-mail" error={errors.email}>
            <Input
              id="cli-email"
              type="email"
              value={v.email}
              onChange={(e) => setV({ ...v, email: e.target.value })}
              {...describedBy('cli-email', errors.email, false)}
            />
          </Field>
          {detalhe.data && (
            <ConsentimentoSection
              clienteId={detalhe.data.id}
              temNumero={Boolean(detalhe.data.numero || detalhe.data.identificador?.startsWith('whatsapp'))}
              temEmail={Boolean(detalhe.data.email)}
            />
          )}
          {detalhe.data && (
            <section className="grid gap-1" aria-labelledby="cli-hist">
              <h3 id="cli-hist" className="text-sm font-semibold">
                Atendimentos
              </h3>
              {detalhe.data.atendimentos.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum atendimento.</p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {detalhe.data.atendimentos.map((a) => (
                    <li key={a.atendimentoId}>
                      <Link className="text-primary underline underline-offset-2" to={`/atendimentos?conversa=${a.atendimentoId}`}>
                        #{a.ticket}
                      </Link>{' '}
                      <span className="text-muted-foreground">
                        · {STATUS_LABEL[a.status]} · {dataCurta(a.ultimaMensagemEm ?? a.inicio)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /clientes: search the customer directory (name, number, e-mail), create and edit customers, their atendimentos. */
export function ClientesPage() {
  const [pesquisa, setPesquisa] = useState('');
  const [page, setPage] = useState(1);
  const [editando, setEditando] = useState<TClienteResumo | 'novo' | null>(null);
  const q = useQuery({
    queryKey: ['clientes', 'lista', pesquisa, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      request('GET', `/cliente/lista?pesquisa=${encodeURIComponent(pesquisa)}&page=${page}&take=${TAKE}`, ZClientePagina).catch(
        (err: unknown) => {
          throw new Error(mensagemHttp(err, T.erroBuscar));
        },
      ),
  });
  const total = q.data?.total ?? 0;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Clientes</h1>
          {q.data && (
            <p className="text-sm text-muted-foreground">
              {q.data.total === 1 ? '1 cliente' : `${q.data.total.toLocaleString('pt-BR')} clientes`}
            </p>
          )}
        </div>
        <Button onClick={() => setEditando('novo')}>
          <Plus aria-hidden /> Novo cliente
        </Button>
      </div>
      <Input
        type="search"
        aria-label="Buscar por nome, número ou e-mail"
        placeholder="Buscar por nome, número ou e-mail"
        value={pesquisa}
        onChange={(e) => {
          setPesquisa(e.target.value);
          setPage(1);
        }}
        className="max-w-sm"
      />
      {q.isError && (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message}
        </p>
      )}
      {q.isPending ? (
        <div className="divide-y rounded-lg border" aria-busy="true">
          {['a', 'b', 'c', 'd'].map((k) => (
            <div key={k} className="flex items-center gap-3 p-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-3.5 w-40" />
                <Skeleton className="h-3 w-56" />
              </div>
            </div>
          ))}
        </div>
      ) : q.data?.itens.length === 0 ? (
        <EmptyState
          className="rounded-xl border border-dashed"
          icon={UsersRound}
          title={T.nenhum}
          line={pesquisa.trim() ? 'Tente outro nome, número ou e-mail.' : 'Cadastre um cliente para escrever para ele pelo WhatsApp.'}
        />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Clientes">
          {q.data?.itens.map((c) => (
            <li key={c.id} className="flex items-center gap-3 px-3 py-2.5">
              <span aria-hidden>
                <UserAvatar nome={c.nome} className="size-9" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{c.nome}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {[c.numero && formatNumero(c.numero), c.email].filter(Boolean).join(' · ') || 'Sem número nem e-mail'}
                </p>
              </div>
              <EstadoBadge estado={c.consentimentoWhatsApp ?? 'nunca_solicitado'} className="hidden sm:inline-flex" />
              <Button variant="ghost" size="icon" onClick={() => setEditando(c)} aria-label={`Editar ${c.nome}`}>
                <Pencil aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {total > TAKE && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span>
            {page} de {Math.ceil(total / TAKE)}
          </span>
          <Button variant="outline" size="sm" disabled={page * TAKE >= total} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </div>
      )}
      {editando && <ClienteDialog atual={editando === 'novo' ? null : editando} onClose={() => setEditando(null)} />}
    </div>
  );
}
