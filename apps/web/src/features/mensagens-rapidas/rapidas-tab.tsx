import { Download, Globe2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MENSAGENS_RAPIDAS_TEXTS as T, type TMensagemRapida } from '@balcao/shared/mensagens-rapidas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/features/config/components/field';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDeleteRapida, useImportRapida, usePaginaRapidas, useSaveRapida } from './api';

type Draft = { id?: string; atalho: string; titulo: string; conteudo: string; publica: boolean };

function RapidaDialog({ draft, podePublica, onClose }: { draft: Draft; podePublica: boolean; onClose: () => void }) {
  const [d, setD] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRapida();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(d, {
      onSuccess: () => {
        toast.success('Sucesso', 'Mensagem rápida salva.');
        onClose();
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        if (!Object.keys(fields).length) toast.error(mensagemHttp(err, 'Não foi possível salvar a mensagem rápida.'));
      },
    });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{d.id ? 'Editar mensagem rápida' : 'Nova mensagem rápida'}</DialogTitle>
            <DialogDescription>
              No atendimento, digite / e o atalho para inserir. Use {'{{nome}}'} para o nome do cliente e {'{{atendente}}'} para o seu.
            </DialogDescription>
          </DialogHeader>
          <Field id="rapida-atalho" label="Atalho" hint="Sem espaços, por exemplo: ola" error={errors.atalho}>
            <Input
              id="rapida-atalho"
              value={d.atalho}
              onChange={(e) => setD({ ...d, atalho: e.target.value })}
              {...describedBy('rapida-atalho', errors.atalho)}
            />
          </Field>
          <Field id="rapida-titulo" label="Título" error={errors.titulo}>
            <Input
              id="rapida-titulo"
              value={d.titulo}
              onChange={(e) => setD({ ...d, titulo: e.target.value })}
              {...describedBy('rapida-titulo', errors.titulo, false)}
            />
          </Field>
          <Field id="rapida-conteudo" label="Mensagem" error={errors.conteudo}>
            <textarea
              id="rapida-conteudo"
              rows={5}
              value={d.conteudo}
              onChange={(e) => setD({ ...d, conteudo: e.target.value })}
              className="rounded-md border border-input bg-transparent px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
              {...describedBy('rapida-conteudo', errors.conteudo, false)}
            />
          </Field>
          {podePublica && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={d.publica} onChange={(e) => setD({ ...d, publica: e.target.checked })} />
              Pública (todos os atendentes da conta veem)
            </label>
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

function Lista({ qual, titulo, onEditar }: { qual: 'list' | 'publicas'; titulo: string; onEditar: (m: TMensagemRapida) => void }) {
  const [page, setPage] = useState(1);
  const q = usePaginaRapidas(qual, page);
  const del = useDeleteRapida();
  const imp = useImportRapida();
  const total = q.data?.total ?? 0;
  return (
    <section className="grid gap-2" aria-labelledby={`rapidas-${qual}`}>
      <h3 id={`rapidas-${qual}`} className="text-sm font-semibold">
        {titulo}
      </h3>
      {q.isError && (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message}
        </p>
      )}
      {q.data && q.data.lista.length === 0 && <p className="text-sm text-muted-foreground">{T.nenhuma}</p>}
      <ul className="divide-y rounded-lg border">
        {q.data?.lista.map((m) => (
          <li key={m.id} className="flex items-start gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 text-sm">
                <span className="font-mono text-primary">/{m.atalho}</span>
                <span className="font-medium">{m.titulo}</span>
                {m.publica && <Globe2 className="size-3.5 text-muted-foreground" aria-label="Pública" />}
              </p>
              <p className="truncate text-sm text-muted-foreground">{m.conteudo}</p>
            </div>
            {qual === 'publicas' && (
              <Button variant="ghost" size="sm" onClick={() => imp.mutate(m.id)} aria-label={`Importar /${m.atalho} para as minhas`}>
                <Download aria-hidden /> Importar
              </Button>
            )}
            {m.editavel && (
              <>
                <Button variant="ghost" size="icon" onClick={() => onEditar(m)} aria-label={`Editar /${m.atalho}`}>
                  <Pencil aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" onClick={() => del.mutate(m.id)} aria-label={`Excluir /${m.atalho}`}>
                  <Trash2 aria-hidden />
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {total > 10 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span>
            {page} de {Math.ceil(total / 10)}
          </span>
          <Button variant="outline" size="sm" disabled={page * 10 >= total} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </div>
      )}
    </section>
  );
}

/** Configurações → Mensagens rápidas: one's own, the account's public ones (admin and master write them), import. */
export function RapidasTab({ podePublica }: { podePublica: boolean }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const editar = (m: TMensagemRapida) =>
    setDraft({ id: m.id, atalho: m.atalho, titulo: m.titulo, conteudo: m.conteudo, publica: m.publica });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Mensagens rápidas</h2>
          <p className="max-w-prose text-sm text-muted-foreground">Respostas prontas: no atendimento, digite / para escolher uma.</p>
        </div>
        <Button onClick={() => setDraft({ atalho: '', titulo: '', conteudo: '', publica: false })}>
          <Plus aria-hidden /> Nova mensagem rápida
        </Button>
      </div>
      <Lista qual="list" titulo="Minhas mensagens" onEditar={editar} />
      <Lista qual="publicas" titulo="Mensagens públicas" onEditar={editar} />
      {draft && <RapidaDialog draft={draft} podePublica={podePublica} onClose={() => setDraft(null)} />}
    </div>
  );
}
