import { Globe, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { widgetSnippet, type TCanal } from '@balcao/shared/canais';
import { Button } from '@/components/ui/button';
import { ACCOUNT_TIME_ZONE } from '@/features/atendimentos/format';
import { cn } from '@/lib/utils';
import { useDeleteCanal } from '../api';
import { PRE_CHAT_LABEL } from './canal-routing-fields';
import { CodeBlock } from './copy-button';
import { ConfirmDialog } from './confirm-dialog';
import { SegredoPanel } from './segredo-panel';

const criadoEm = (iso: string) => {
  const d = parseISO(iso);
  return isValid(d) ? format(new TZDate(d, ACCOUNT_TIME_ZONE), "dd 'de' MMM 'de' yyyy", { locale: ptBR }) : null;
};

/** One website chat channel: what it does at a glance, its install snippet and its secret. */
export function CanalCard({ canal, onEdit }: { canal: TCanal; onEdit: () => void }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteCanal();
  // The server writes the snippet with its public host; the fallback covers an answer without one.
  const snippet = canal.snippet || widgetSnippet(window.location.origin, canal.token);
  const campos = canal.config.camposPreChat.map((c) => PRE_CHAT_LABEL[c]);
  const data = criadoEm(canal.criadoEm);

  return (
    <article
      className="flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
      aria-labelledby={`canal-${canal.id}`}
    >
      <header className="flex flex-wrap items-start gap-3">
        <span className="mt-0.5 size-8 shrink-0 rounded-lg border" style={{ backgroundColor: canal.config.cor }} aria-hidden />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`canal-${canal.id}`} className="truncate font-semibold">
              {canal.nome}
            </h3>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium',
                canal.ativo ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400' : 'bg-muted text-muted-foreground',
              )}
            >
              {canal.ativo ? 'Ativo' : 'Inativo'}
            </span>
            {canal.config.verificarIdentidade && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                <ShieldCheck className="size-3" aria-hidden /> Identidade verificada
              </span>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            {[
              data && `Criado em ${data}`,
              campos.length ? `Formulário: ${campos.join(', ')}` : 'Sem formulário inicial',
              canal.config.escolherDepartamento && 'Visitante escolhe o departamento',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Editar ${canal.nome}`}>
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setConfirm(true)}
            disabled={remove.isPending}
            aria-label={`Excluir ${canal.nome}`}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-1 gap-2">
        <h4 className="text-sm font-medium">Sites permitidos</h4>
        <ul className="flex flex-wrap gap-1.5">
          {canal.config.origensPermitidas.map((o) => (
            <li key={o} className="inline-flex items-center gap-1 rounded-md border bg-muted/50 px-2 py-0.5 font-mono text-xs">
              <Globe className="size-3 text-muted-foreground" aria-hidden /> {o}
            </li>
          ))}
        </ul>
      </div>

      <div className="grid grid-cols-1 gap-2">
        <h4 className="text-sm font-medium">Código de instalação</h4>
        <p className="text-xs text-muted-foreground">Cole antes de &lt;/body&gt; em todas as páginas dos sites permitidos.</p>
        <CodeBlock code={snippet} label="Código de instalação" lang="HTML" />
      </div>

      {canal.segredo !== null && <SegredoPanel canal={{ ...canal, segredo: canal.segredo }} />}

      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Excluir o canal "${canal.nome}"?`}
        description="O chat deixa de aparecer nos sites onde o código está instalado. Esta ação não pode ser desfeita."
        confirmLabel="Excluir canal"
        onConfirm={() => remove.mutate(canal.id)}
      />
    </article>
  );
}
