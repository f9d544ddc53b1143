import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';

/** Spec part 2 §8: each error toast shows the server's text when there is one, else the situation's fallback. */
export const toastError = (err: unknown, fallback: string) => toast.error(errorMessage(err, fallback));

/** A modal's confirm: busy while it runs; a failure is toasted with the situation's fallback (and may say more inline). */
export function useAcao() {
  const [ocupado, setOcupado] = useState(false);
  const executar = async (acao: () => Promise<void>, fallback: string, onErro?: () => void) => {
    setOcupado(true);
    try {
      await acao();
    } catch (err) {
      onErro?.();
      toastError(err, fallback);
    } finally {
      setOcupado(false);
    }
  };
  return { ocupado, executar };
}
