import { AlertTriangle, CheckCircle2, Loader2, Pause, Play, PlugZap, QrCode, Unplug } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ZWapiPareamento, type TWapiSessao } from '@balcao/shared/wapi';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumero } from '@/features/atendimentos/format';
import { useIntegracoesPoll } from '@/features/integracoes/api';
import { errorMessage } from '@/lib/http';
import { useWapiAcao, useWapiAoVivo, useWapiPareamento, useWapiSessao } from '../wapi-api';
import { ConfirmDialog } from './confirm-dialog';
import { describedBy, Field } from './field';
import { Badge } from './status-badge';

const ESTADO: Record<TWapiSessao['estado'], { tone: 'ok' | 'warn' | 'off' | 'bad'; label: string }> = {
  conectado: { tone: 'ok', label: 'Conectado' },
  pausado: { tone: 'warn', label: 'Pausado' },
  qr: { tone: 'warn', label: 'Aguardando leitura' },
  conectando: { tone: 'warn', label: 'Conectando…' },
  desconectado: { tone: 'off', label: 'Desconectado' },
};
/** WhatsApp shows the pairing code in two groups of four. */
const codigo = (c: string) => (c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c);

/** 'Prefere um código?': the pairing code for a phone number, instead of the camera. */
function Pareamento({ userId, sessao }: { userId: string; sessao: TWapiSessao }) {
  const id = useId();
  const [numero, setNumero] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const pedir = useWapiPareamento(userId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZWapiPareamento.safeParse({ numero });
    if (!parsed.success) return setErro(parsed.error.issues[0]?.message);
    setErro(undefined);
    pedir.mutate(parsed.data, { onError: (err) => setErro(errorMessage(err, 'Não foi possível gerar o código.')) });
  };
  if (sessao.codigoPareamento)
    return (
      <div className="grid gap-1 rounded-lg border bg-muted/40 p-4" aria-live="polite">
        <span className="text-sm">Código de pareamento</span>
        <strong className="font-mono text-2xl tracking-widest">{codigo(sessao.codigoPareamento)}</strong>
        <p className="text-xs text-muted-foreground">
          No celular: WhatsApp › Dispositivos conectados › Conectar dispositivo › Conectar com número de telefone, e digite o código.
        </p>
      </div>
    );
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <Field id={id} label="Prefere um código? Informe o número do WhatsApp" hint="Com DDI e DDD, ex.: 55 11 99999-8888." error={erro}>
        <div className="flex flex-wrap gap-2">
          <Input
            id={id}
            inputMode="tel"
            autoComplete="tel"
            className="max-w-60"
            value={numero}
            onChange={(e) => setNumero(e.target.value)}
            {...describedBy(id, erro)}
          />
          <Button type="submit" variant="outline" disabled={pedir.isPending}>
            {pedir.isPending && <Loader2 className="animate-spin" aria-hidden />} Gerar código
          </Button>
        </div>
      </Field>
    </form>
  );
}

/** The QR of WhatsApp's latest code (it changes about every 20 s; the card reads it again meanwhile). */
function Leitura({ userId, sessao }: { userId: string; sessao: TWapiSessao }) {
  return (
    <div className="grid gap-5 md:grid-cols-[auto_1fr] md:items-start">
      {sessao.qr ? (
        <img src={sessao.qr} alt="QR Code para conectar o WhatsApp" width={264} height={264} className="rounded-lg border bg-white p-2" />
      ) : (
        <Skeleton className="size-[264px]" />
      )}
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          <li>Abra o WhatsApp no celular do seu negócio.</li>
          <li>Toque em Mais opções (⋮) ou Configurações e depois em Dispositivos conectados.</li>
          <li>Toque em Conectar dispositivo e aponte a câmera para este código.</li>
        </ol>
        <Pareamento userId={userId} sessao={sessao} />
      </div>
    </div>
  );
}

function Corpo({ userId, sessao }: { userId: string; sessao: TWapiSessao }) {
  const acao = useWapiAcao(userId);
  const [confirmar, setConfirmar] = useState(false);
  const busy = acao.isPending;
  const spin = busy && <Loader2 className="animate-spin" aria-hidden />;
  const desconectar = (
    <Button variant="outline" onClick={() => setConfirmar(true)} disabled={busy}>
      <Unplug aria-hidden /> Desconectar
    </Button>
  );
  return (
    <>
      {sessao.erro && sessao.estado !== 'conectado' && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{sessao.erro}</span>
        </p>
      )}
      {sessao.estado === 'qr' && <Leitura userId={userId} sessao={sessao} />}
      {sessao.estado === 'conectando' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Conectando ao WhatsApp…
        </p>
      )}
      {(sessao.estado === 'conectado' || sessao.estado === 'pausado') && (
        <p className="flex items-start gap-2 text-sm">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span>
            Número <strong className="tabular-nums">{sessao.numero ? formatNumero(sessao.numero) : ''}</strong>
            {sessao.nome ? (
              <>
                {' '}
                · <strong>{sessao.nome}</strong>
              </>
            ) : null}
            {sessao.estado === 'pausado' && (
              <span className="block text-muted-foreground">
                Pausado: as mensagens novas ficam no celular e chegam aqui quando você ativar.
              </span>
            )}
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {sessao.estado === 'desconectado' && (
          <Button onClick={() => acao.mutate('conectar')} disabled={busy}>
            {spin || <PlugZap aria-hidden />} {sessao.erro ? 'Tentar novamente' : 'Conectar com QR Code'}
          </Button>
        )}
        {(sessao.estado === 'qr' || sessao.estado === 'conectando') && (
          <Button variant="outline" onClick={() => acao.mutate('desconectar')} disabled={busy}>
            Cancelar
          </Button>
        )}
        {sessao.estado === 'conectado' && (
          <>
            <Button variant="outline" onClick={() => acao.mutate('pausar')} disabled={busy}>
              {spin || <Pause aria-hidden />} Pausar
            </Button>
            {desconectar}
          </>
        )}
        {sessao.estado === 'pausado' && (
          <>
            <Button onClick={() => acao.mutate('ativar')} disabled={busy}>
              {spin || <Play aria-hidden />} Ativar
            </Button>
            {desconectar}
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmar}
        onOpenChange={setConfirmar}
        title="Desconectar o WhatsApp Web?"
        description="O Balcão sai dos dispositivos conectados do seu WhatsApp. Para voltar a receber mensagens aqui, será preciso ler um novo QR Code."
        confirmLabel="Desconectar"
        onConfirm={() => acao.mutate('desconectar')}
      />
    </>
  );
}

/** Integrações: WhatsApp Web, the number the business already uses, paired by QR code or pairing code. */
export function WapiCard() {
  const integracoes = useIntegracoesPoll(true);
  const userId = integracoes.data?.userId;
  const sessao = useWapiSessao(userId);
  useWapiAoVivo(userId);
  const titleId = useId();
  const estado = sessao.data ? ESTADO[sessao.data.estado] : null;
  return (
    <section
      data-testid="wapi-card"
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={titleId} className="flex items-center gap-2 font-semibold">
            <QrCode className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden /> WhatsApp Web
          </h3>
          <p className="max-w-prose text-sm text-muted-foreground">
            Conecte o WhatsApp que você já usa no celular lendo um QR Code, sem a API oficial do Meta. As respostas saem com intervalo entre
            uma e outra: envios em massa podem fazer o WhatsApp bloquear o número.
          </p>
        </div>
        {estado && <Badge tone={estado.tone}>{estado.label}</Badge>}
      </header>
      {sessao.data && userId ? (
        <Corpo userId={userId} sessao={sessao.data} />
      ) : sessao.isError || integracoes.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          Não foi possível carregar o estado do WhatsApp Web.
        </p>
      ) : (
        <Skeleton className="h-10 w-full" />
      )}
    </section>
  );
}
