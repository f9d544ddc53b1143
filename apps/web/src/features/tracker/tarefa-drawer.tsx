import { Copy, Gavel, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TColuna, TTarefa } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { SwitchRow } from '@/features/config/components/switch-row';
import { useUpdateTarefa, useDeleteTarefa, useMoveTarefa, usePublicar, useTarefa } from './api';
import { Comentarios, Atividade } from './tarefa-historico';
import { PrioridadeCampo } from './prioridade-campo';
import { ResponsaveisCampo } from './responsaveis-campo';
import { AVISO_CONCLUIDA } from './nova-tarefa-dialog';
import { Markdown } from './markdown';
import { Anexos } from './tarefa-anexos';

const AREA =
  'min-h-24 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

/** A one-line text field saved when it loses focus (only when it changed). */
function CampoTexto({ id, label, valor, onSalvar }: { id: string; label: string; valor: string; onSalvar: (v: string) => void }) {
  const [texto, setTexto] = useState(valor);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={texto} onChange={(e) => setTexto(e.target.value)} onBlur={() => texto !== valor && onSalvar(texto)} />
    </div>
  );
}

/**
 * A Markdown text shown rendered (sanitised); "Editar" turns it into the text field, saved when it loses focus
 * (only when it changed), which shows the rendered text again.
 */
function CampoMarkdown({ id, label, valor, onSalvar }: { id: string; label: string; valor: string; onSalvar: (v: string) => void }) {
  const [editando, setEditando] = useState(false);
  const [texto, setTexto] = useState(valor);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editando) area.current?.focus();
  }, [editando]);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex min-h-8 items-center justify-between gap-2">
        {editando ? <Label htmlFor={id}>{label}</Label> : <span className="text-sm font-medium">{label}</span>}
        {!editando && (
          <Button variant="ghost" size="sm" onClick={() => setEditando(true)}>
            <Pencil aria-hidden /> Editar<span className="sr-only"> {label}</span>
          </Button>
        )}
      </div>
      {editando ? (
        <>
          <textarea
            ref={area}
            id={id}
            className={AREA}
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            onBlur={() => {
              if (texto !== valor) onSalvar(texto);
              setEditando(false);
            }}
          />
          <span className="text-xs text-muted-foreground">Aceita Markdown: **negrito**, _itálico_, listas, links e `código`.</span>
        </>
      ) : (
        <div className="rounded-md border px-3 py-2">
          <Markdown texto={valor} vazio="_Sem descrição._" className={valor ? undefined : 'text-muted-foreground'} />
        </div>
      )}
    </div>
  );
}

function Detalhes({ t, colunas, admin }: { t: TTarefa; colunas: TColuna[]; admin: boolean }) {
  const atualizar = useUpdateTarefa(t.id);
  const mover = useMoveTarefa();
  const publicar = usePublicar(t.id);
  const falhou = (err: unknown) => toast.error(errorMessage(err, 'Não foi possível salvar a tarefa.'));
  const salvar = (patch: Parameters<typeof atualizar.mutate>[0]) => atualizar.mutate(patch, { onError: falhou });
  return (
    <div className="flex flex-col gap-4">
      <CampoTexto key={`t${t.atualizadaEm}`} id="tarefa-titulo" label="Título" valor={t.titulo} onSalvar={(titulo) => salvar({ titulo })} />
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="tarefa-status">Status</Label>
          <NativeSelect
            id="tarefa-status"
            value={t.status}
            onChange={(e) =>
              mover.mutate({ tarefa: t, status: e.target.value, posicao: 0, ordem: -Number.MAX_SAFE_INTEGER }, { onError: falhou })
            }
          >
            {colunas.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome}
              </option>
            ))}
          </NativeSelect>
        </div>
        <PrioridadeCampo id="tarefa-prioridade" valor={t.prioridade} onChange={(prioridade) => salvar({ prioridade })} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="tarefa-prazo">Prazo</Label>
          <Input id="tarefa-prazo" type="date" value={t.prazo ?? ''} onChange={(e) => salvar({ prazo: e.target.value || null })} />
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Complexidade</span>
          <span className="flex h-9 items-center gap-2 text-sm">
            {t.complexidade ?? '—'}
            <Button asChild variant="outline" size="sm">
              <Link to={`/tracker/votar-tarefa/${t.id}`}>
                <Gavel aria-hidden /> Votar
              </Link>
            </Button>
          </span>
        </div>
      </div>
      <ResponsaveisCampo valor={t.responsaveis} onChange={(responsaveis) => salvar({ responsaveis })} />
      <CampoTexto
        key={`e${t.atualizadaEm}`}
        id="tarefa-etiquetas"
        label="Etiquetas (separadas por vírgula)"
        valor={t.etiquetas.join(', ')}
        onSalvar={(v) =>
          salvar({
            etiquetas: v
              .split(',')
              .map((e) => e.trim())
              .filter(Boolean),
          })
        }
      />
      <CampoMarkdown
        key={`d${t.atualizadaEm}`}
        id="tarefa-descricao"
        label="Descrição (interna)"
        valor={t.descricao}
        onSalvar={(descricao) => salvar({ descricao })}
      />
      <CampoMarkdown
        key={`p${t.atualizadaEm}`}
        id="tarefa-descricao-publica"
        label="Descrição pública (o cliente vê)"
        valor={t.descricaoPublica}
        onSalvar={(descricaoPublica) => salvar({ descricaoPublica })}
      />
      {t.atendimentoId && (
        <SwitchRow
          label={AVISO_CONCLUIDA.label}
          description={AVISO_CONCLUIDA.descricao}
          checked={t.notificarCliente}
          onCheckedChange={(notificarCliente) => salvar({ notificarCliente })}
        />
      )}
      <div className="flex flex-col gap-2 rounded-md border p-3">
        <span className="text-sm font-medium">Página pública</span>
        {t.publicUrl ? (
          <div className="flex items-center gap-2">
            <a href={t.publicUrl} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate text-sm text-primary underline">
              {t.publicUrl}
            </a>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Copiar link"
              onClick={() => void navigator.clipboard?.writeText(t.publicUrl!).then(() => toast.success('Link copiado.'))}
            >
              <Copy aria-hidden />
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Só quem tem acesso ao Balcão vê esta tarefa.</p>
        )}
        {admin && (
          <Button
            variant="outline"
            size="sm"
            disabled={publicar.isPending}
            onClick={() => publicar.mutate(!t.publica, { onError: falhou })}
          >
            {t.publica ? 'Deixar de compartilhar' : 'Tornar pública'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The task's drawer: every field, the public page, files, comments with @mentions and the activity log. */
export function TarefaDrawer({
  id,
  colunas,
  admin,
  podeExcluir,
  onFechar,
}: {
  id: string | null;
  colunas: TColuna[];
  admin: boolean;
  podeExcluir: (t: TTarefa) => boolean;
  onFechar: () => void;
}) {
  const q = useTarefa(id);
  const excluir = useDeleteTarefa();
  const t = q.data;
  return (
    <Sheet open={!!id} onOpenChange={(open) => !open && onFechar()}>
      <SheetContent side="right" className="w-full overflow-y-auto p-5 sm:max-w-xl">
        <SheetTitle className="pr-8 text-lg font-semibold">{t ? `#${t.numero} ${t.titulo}` : 'Tarefa'}</SheetTitle>
        <SheetDescription className="sr-only">Detalhes, comentários e atividade da tarefa</SheetDescription>
        {q.isPending && <Skeleton className="h-64" />}
        {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, 'Não foi possível abrir a tarefa.')}</p>}
        {t && (
          <>
            <Detalhes key={t.id} t={t} colunas={colunas} admin={admin} />
            <Anexos tarefaId={t.id} />
            <Comentarios tarefaId={t.id} />
            <Atividade tarefaId={t.id} colunas={colunas} />
            {podeExcluir(t) && (
              <Button
                variant="ghost"
                className="self-start text-destructive"
                onClick={() => {
                  if (window.confirm(`Excluir a tarefa #${t.numero}?`)) excluir.mutate(t.id, { onSuccess: onFechar });
                }}
              >
                <Trash2 aria-hidden /> Excluir tarefa
              </Button>
            )}
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
