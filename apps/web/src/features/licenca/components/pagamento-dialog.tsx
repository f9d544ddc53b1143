import { AlertTriangle, CheckCircle2, Copy, Loader2, RefreshCw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { isFerramentaIA, LICENCA_PADRAO } from '@balcao/shared/licenca';
import { formatReais, itensDoPacote, LICENCA_UI_TEXTS as T, type TCobranca, type TLicenca } from '@balcao/shared/licenca-cobranca';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { dataCobranca } from '../format';
import { useLicencaContratada } from '../api';
import { usePagamento } from '../use-pagamento';

/** Spec part 1 §2: the master's licence payment dialog. Its content is mounted only while open (closing resets it). */
export function PagamentoDialog({ open, onClose, onCancelled }: { open: boolean; onClose: () => void; onCancelled: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">{open && <Conteudo onClose={onClose} onCancelled={onCancelled} />}</DialogContent>
    </Dialog>
  );
}

function Estado({ titulo, texto, icone, children }: { titulo: string; texto?: string; icone: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      {icone}
      <DialogTitle>{titulo}</DialogTitle>
      <DialogDescription className={texto ? undefined : 'sr-only'}>{texto ?? titulo}</DialogDescription>
      {children}
    </div>
  );
}
const girando = <Loader2 className="size-8 animate-spin text-primary" aria-hidden />;

function Conteudo({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const p = usePagamento({ onClose, onCancelled });
  const licenca = useLicencaContratada(true).data ?? null;
  const f = p.fase;
  const busy = (ativo: boolean) => (ativo ? { 'aria-busy': true as const } : {});
  switch (f.tipo) {
    case 'verificando':
      return (
        <div role="status" {...busy(true)}>
          <Estado titulo={T.verificandoTitulo} texto={T.verificandoTexto} icone={girando} />
        </div>
      );
    case 'gerando':
    case 'criando':
      return (
        <div role="status" {...busy(true)}>
          <Estado titulo={f.tipo === 'gerando' ? T.gerando : T.criando} icone={girando} />
        </div>
      );
    case 'erro':
    case 'erroQr':
      return (
        <div role="alert">
          <Estado
            titulo={f.tipo === 'erro' ? T.erroGerar : T.erroQr}
            texto={f.tipo === 'erro' ? T.erroGerarTexto : 'A cobrança chegou sem o QR Code ou sem o código PIX.'}
            icone={<AlertTriangle className="size-8 text-destructive" aria-hidden />}
          >
            {f.tipo === 'erro' && f.detalhe && <p className="text-xs text-muted-foreground">{f.detalhe}</p>}
            <Button variant="outline" onClick={() => void p.tentarDeNovo()}>
              <RefreshCw aria-hidden /> {T.tentarNovamente}
            </Button>
          </Estado>
        </div>
      );
    case 'pendente':
    case 'pago':
      return <Cobranca cobranca={f.cobranca} licenca={licenca} pago={f.tipo === 'pago'} p={p} />;
  }
}

function Cobranca({
  cobranca,
  licenca,
  pago,
  p,
}: {
  cobranca: TCobranca;
  licenca: TLicenca | null;
  pago: boolean;
  p: ReturnType<typeof usePagamento>;
}) {
  // What the charge itself is for; an older server that does not say so: the order being contracted.
  const ferramentas = cobranca.ferramentas ?? licenca?.ferramentas ?? [];
  const ia = ferramentas.some(isFerramentaIA);
  const usuarios = cobranca.numeroUsuarios ?? licenca?.numeroUsuarios ?? LICENCA_PADRAO.numeroUsuarios;
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          {pago && <CheckCircle2 className="size-5 text-green-600 dark:text-green-400" aria-hidden />}
          {pago ? T.confirmado : T.pendente}
        </DialogTitle>
        <DialogDescription>
          {pago ? T.confirmadoTexto : 'Pague com o QR Code no app do seu banco ou use o código PIX copia e cola.'}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col items-center gap-3">
        <img src={cobranca.qrCode} alt="QR Code do pagamento PIX" className="size-52 rounded-md border bg-white p-2" />
        <Button
          variant="outline"
          className="w-full"
          disabled={!cobranca.qrCode || pago}
          onClick={() => void p.copiar(cobranca.pixCopia)}
          aria-live="polite"
        >
          {p.copiado ? <CheckCircle2 aria-hidden /> : <Copy aria-hidden />} {p.copiado ? T.copiado : T.copiar}
        </Button>
      </div>
      <section aria-label="Resumo da cobrança" className="grid gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Data de criação</dt>
          <dd className="text-right tabular-nums">{dataCobranca(cobranca.dataCriacao)}</dd>
          <dt className="text-muted-foreground">Forma de pagamento</dt>
          <dd className="text-right">PIX</dd>
          <dt className="font-medium">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatReais(cobranca.valor)}</dd>
        </dl>
        <ul className="grid gap-1 border-t pt-2" aria-label="Itens contratados">
          {itensDoPacote(usuarios).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={ia} readOnly disabled className="size-4 accent-primary" />
          {T.assistenteIa}
        </label>
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={pago || p.ocupado !== null} onClick={() => void p.cancelar()}>
          {p.ocupado === 'cancelar' ? <Loader2 className="animate-spin" aria-hidden /> : <XCircle aria-hidden />} {T.cancelar}
        </Button>
        <Button disabled={pago || p.ocupado !== null} onClick={() => void p.verificar(cobranca)}>
          {p.ocupado === 'verificar' ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />} {T.verificar}
        </Button>
      </div>
    </div>
  );
}
