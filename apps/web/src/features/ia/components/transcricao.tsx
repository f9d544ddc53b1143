import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, LoaderCircle } from 'lucide-react';
import type { TMensagem } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { applyMensagem } from '@/features/atendimentos/cache-sync';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { transcrever } from '../api';
import { IA_PAINEL_TEXTS as T } from '../texts';

/** Under a voice note: its transcript for everyone who sees the conversation, or 'Transcrever' for who may ask. */
export function Transcricao({ m, podeTranscrever }: { m: TMensagem; podeTranscrever: boolean }) {
  const qc = useQueryClient();
  const [pedindo, setPedindo] = useState(false);
  if (m.transcricao)
    return (
      <p className="max-w-64 border-l-2 border-primary/40 pl-2 text-xs italic text-muted-foreground">
        <span className="sr-only">{T.transcricao}: </span>
        {m.transcricao}
      </p>
    );
  if (!podeTranscrever) return null;
  const pedir = async () => {
    setPedindo(true);
    try {
      const { texto } = await transcrever(m.id);
      applyMensagem(qc, { ...m, transcricao: texto }, true);
    } catch (err) {
      toast.error(errorMessage(err, T.erroTranscrever));
    } finally {
      setPedindo(false);
    }
  };
  return (
    <Button variant="ghost" size="sm" className="h-7 self-start px-2 text-xs" onClick={() => void pedir()} disabled={pedindo}>
      {pedindo ? <LoaderCircle className="animate-spin" /> : <AudioLines />}
      {pedindo ? T.transcrevendo : T.transcrever}
    </Button>
  );
}
