import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LICENCA_TEMPOS, LICENCA_UI_TEXTS as T, type TCobranca } from '@balcao/shared/licenca-cobranca';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cobrancaApi, fetchCobranca, refreshLicenca } from './api';

/** The payment dialog's states (spec part 1 §2, §4). */
export type TFasePagamento =
  | { tipo: 'verificando' }
  | { tipo: 'gerando' }
  | { tipo: 'criando' }
  | { tipo: 'pendente'; cobranca: TCobranca }
  | { tipo: 'pago'; cobranca: TCobranca }
  | { tipo: 'erro'; detalhe: string | null }
  | { tipo: 'erroQr' };

const mostrar = (cobranca: TCobranca): TFasePagamento =>
  !cobranca.qrCode || !cobranca.pixCopia ? { tipo: 'erroQr' } : { tipo: 'pendente', cobranca };

/**
 * The dialog's flow (spec part 1 §4): fetch the existing charge; a pending one is shown; none (404, or a failed
 * fetch) means the licence is confirmed with 5 users first; none or paid, licence info and the licence are loaded and a
 * charge is created. Paid: 'Pagamento confirmado!', closed 2 s later. Cancelled: closed, and the browser on /licenca.
 * Mounted with the open dialog, so closing it resets everything.
 */
export function usePagamento({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const qc = useQueryClient();
  const [fase, setFase] = useState<TFasePagamento>({ tipo: 'verificando' });
  const [copiado, setCopiado] = useState(false);
  const [ocupado, setOcupado] = useState<'verificar' | 'cancelar' | null>(null);
  const vivo = useRef(true);
  const timers = useRef<number[]>([]);
  const depois = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(() => vivo.current && fn(), ms));
  // Answers that arrive after the dialog closed change nothing.
  const set = useCallback((f: TFasePagamento) => {
    if (vivo.current) setFase(f);
  }, []);

  const abrir = useCallback(async () => {
    set({ tipo: 'verificando' });
    const atual = await fetchCobranca();
    if (atual && !atual.pago) return set(mostrar(atual));
    try {
      set({ tipo: 'gerando' });
      const [, licenca] = await Promise.all([cobrancaApi.info(qc), cobrancaApi.contratada(qc)]);
      if (!atual) await cobrancaApi.confirmar(licenca);
      set({ tipo: 'criando' });
      const nova = await cobrancaApi.gerar();
      void qc.invalidateQueries({ queryKey: ['licenca', 'contratada'] });
      set(mostrar(nova));
    } catch (err) {
      toast.error(T.erroGerar, T.erroGerarTexto);
      set({ tipo: 'erro', detalhe: err instanceof ApiError && err.message ? err.message : null });
    }
  }, [qc, set]);

  useEffect(() => {
    vivo.current = true;
    void abrir();
    return () => {
      vivo.current = false;
      for (const t of timers.current) window.clearTimeout(t);
    };
  }, [abrir]);

  const copiar = async (pixCopia: string) => {
    try {
      await navigator.clipboard.writeText(pixCopia);
      setCopiado(true);
      depois(() => setCopiado(false), LICENCA_TEMPOS.copiadoMs);
    } catch {
      toast.error(T.erroCopiar, T.erroCopiarTexto);
    }
  };

  const verificar = async (cobranca: TCobranca) => {
    setOcupado('verificar');
    try {
      const { pago } = await cobrancaApi.verificar();
      if (!pago) return toast.warning(T.pendenteToast, T.pendenteToastTexto);
      toast.success(T.confirmado, T.confirmadoTexto);
      set({ tipo: 'pago', cobranca: { ...cobranca, pago: true } });
      void refreshLicenca(qc);
      depois(onClose, LICENCA_TEMPOS.fecharAposPagoMs);
    } catch (err) {
      toast.error(T.erroVerificar, mensagemHttp(err, T.erroVerificarPadrao));
    } finally {
      if (vivo.current) setOcupado(null);
    }
  };

  const cancelar = async () => {
    setOcupado('cancelar');
    try {
      await cobrancaApi.cancelar();
      toast.success(T.cancelado);
      onCancelled();
    } catch (err) {
      toast.error(T.erroCancelar, mensagemHttp(err, T.erroCancelarPadrao));
      if (vivo.current) setOcupado(null);
    }
  };

  return { fase, copiado, ocupado, tentarDeNovo: abrir, copiar, verificar, cancelar };
}
