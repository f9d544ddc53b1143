import { AlertTriangle, CheckCircle2, Loader2, Pause, Pencil, Play, PlugZap, Trash2, XCircle } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { TCanalWhatsApp, TTesteConexao } from '@balcao/shared/canais';
import type { TDepartamento } from '@balcao/shared/departamentos';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { useDeleteWhatsApp, useTestConexao, useUpdateWhatsApp } from '../whatsapp-api';
import { whatsappUpdate } from '../whatsapp-form';
import { ConfirmDialog } from './confirm-dialog';
import { Badge } from './status-badge';
import { CopyButton } from './copy-button';

/** A value to paste into Meta's panel, with its copy button. */
function PasteValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md border bg-muted/60 px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">{value}</code>
        <CopyButton text={value} label="Copiar" className="shrink-0" />
      </div>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-mono text-sm">{children}</dd>
    </div>
  );
}

/** The connection as last read from Meta, or the answer of the test just run. */
function ConexaoLine({ canal, teste }: { canal: TCanalWhatsApp; teste: TTesteConexao | undefined }) {
  const ok = teste ? teste.ok : canal.conexao?.ok;
  if (ok === undefined) return <p className="text-sm text-muted-foreground">Conexão ainda não testada.</p>;
  if (ok) {
    const numero = teste?.ok ? teste.numero : canal.conexao?.numero;
    const nome = teste?.ok ? teste.nomeVerificado : canal.conexao?.nomeVerificado;
    return (
      <p className="flex items-start gap-2 text-sm">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <span>
          Conectado ao número <strong className="tabular-nums">{numero}</strong>
          {nome ? (
            <>
              {' '}
              · nome verificado <strong>{nome}</strong>
            </>
          ) : null}
        </span>
      </p>
    );
  }
  const erro = teste && !teste.ok ? teste.erro : canal.conexao?.erro;
  return (
    <p className="flex items-start gap-2 text-sm text-red-700 dark:text-red-400">
      <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong>O Meta recusou a conexão:</strong> {erro ?? 'erro desconhecido.'}
      </span>
    </p>
  );
}

/** One WhatsApp Cloud API number in Integrações. */
export function WhatsAppCard({
  canal,
  departamentos,
  onEdit,
}: {
  canal: TCanalWhatsApp;
  departamentos: TDepartamento[] | undefined;
  onEdit: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const testar = useTestConexao();
  const update = useUpdateWhatsApp();
  const remove = useDeleteWhatsApp();
  const teste = testar.variables === canal.id ? testar.data : undefined;
  const conectado = teste ? teste.ok : canal.conexao?.ok;
  const depId = useId();

  return (
    <article
      className="flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
      aria-labelledby={`wa-${canal.id}`}
      data-testid="whatsapp-card"
    >
      <header className="flex flex-wrap items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-emerald-600 text-white" aria-hidden>
          <PlugZap className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`wa-${canal.id}`} className="truncate font-semibold">
              {canal.nome}
            </h3>
            <Badge tone={canal.ativo ? 'ok' : 'warn'}>{canal.ativo ? 'Ativo' : 'Pausado'}</Badge>
            <Badge tone={conectado === undefined ? 'off' : conectado ? 'ok' : 'bad'}>
              {conectado === undefined ? 'Não testado' : conectado ? 'Conectado' : 'Sem conexão'}
            </Badge>
          </div>
          <p className="text-xs text-muted-foreground">WhatsApp Business Cloud API</p>
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

      <div className="grid gap-3 rounded-lg border bg-muted/30 p-4">
        <div aria-live="polite">
          <ConexaoLine canal={canal} teste={teste} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => testar.mutate(canal.id)} disabled={testar.isPending}>
            {testar.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
            Testar conexão
          </Button>
          <Button
            variant={canal.ativo ? 'outline' : 'default'}
            size="sm"
            onClick={() => update.mutate({ id: canal.id, input: whatsappUpdate(canal, { ativo: !canal.ativo }) })}
            disabled={update.isPending}
          >
            {canal.ativo ? <Pause aria-hidden /> : <Play aria-hidden />}
            {canal.ativo ? 'Pausar' : 'Ativar'}
          </Button>
        </div>
      </div>

      {canal.ultimoErroWebhook && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong>Último erro informado pelo Meta:</strong> {canal.ultimoErroWebhook}
            {canal.entregasComFalha > 0 && <span className="block">Entregas do webhook recusadas: {canal.entregasComFalha}</span>}
          </span>
        </p>
      )}

      <div className="grid gap-2">
        <label htmlFor={depId} className="text-sm font-medium">
          Departamento que recebe as novas conversas
        </label>
        <NativeSelect
          id={depId}
          className="sm:max-w-sm"
          value={canal.config.departamentoPadraoId ?? ''}
          disabled={!departamentos || update.isPending}
          onChange={(e) => update.mutate({ id: canal.id, input: whatsappUpdate(canal, { departamentoPadraoId: e.target.value || null }) })}
        >
          <option value="">Fila geral (sem departamento)</option>
          {departamentos?.map((d) => (
            <option key={d.id} value={d.id}>
              {d.nome}
            </option>
          ))}
        </NativeSelect>
      </div>

      <section className="grid gap-4" aria-labelledby={`wa-webhook-${canal.id}`}>
        <div className="grid gap-1">
          <h4 id={`wa-webhook-${canal.id}`} className="text-sm font-semibold">
            Webhook no painel do Meta
          </h4>
          <p className="text-xs text-muted-foreground">
            No seu app em developers.facebook.com, abra WhatsApp → Configuração → Webhook, cole os dois valores abaixo e assine o campo
            "messages".
          </p>
        </div>
        <PasteValue label="URL de callback" value={canal.webhookUrl} />
        <PasteValue label="Token de verificação" value={canal.config.verifyToken} />
      </section>

      <dl className="grid grid-cols-1 gap-3 border-t pt-4 sm:grid-cols-2">
        <Detail label="Phone number ID">{canal.config.phoneNumberId}</Detail>
        <Detail label="WhatsApp Business Account ID">{canal.config.wabaId}</Detail>
        <Detail label="Token de acesso">{canal.accessTokenMascarado}</Detail>
        <Detail label="Chave secreta do app">{canal.appSecretDefinido ? '••••••••' : 'Não informada'}</Detail>
      </dl>

      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Excluir o número "${canal.nome}"?`}
        description="As mensagens do WhatsApp deixam de chegar ao Balcão por este número. As conversas já recebidas continuam em Atendimentos. Esta ação não pode ser desfeita."
        confirmLabel="Excluir número"
        onConfirm={() => remove.mutate(canal.id)}
      />
    </article>
  );
}
