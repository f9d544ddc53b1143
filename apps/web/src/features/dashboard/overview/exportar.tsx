import { Download } from 'lucide-react';
import { useState } from 'react';
import type { TVisaoGeral, TVisaoGeralQuery } from '@balcao/shared/dashboard';
import { Button } from '@/components/ui/button';
import { download, errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';

const semVazios = (o: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(o).filter((e): e is [string, string] => Boolean(e[1]))).toString();

/** The period on screen as spreadsheets: its conversations (streamed by the server) and its figures. */
export function ExportarCsv({ filtros, periodo }: { filtros: TVisaoGeralQuery; periodo: TVisaoGeral['periodo'] | undefined }) {
  const [baixando, setBaixando] = useState<'atendimentos' | 'numeros' | null>(null);
  const baixar = async (qual: 'atendimentos' | 'numeros') => {
    if (!periodo) return;
    setBaixando(qual);
    try {
      if (qual === 'atendimentos')
        await download(
          `/api/relatorios/atendimentos.csv?${semVazios({ dataInicio: periodo.dataInicio, dataFim: periodo.dataFim, departamentoId: filtros.departamentoId, atendenteId: filtros.atendenteId })}`,
          `atendimentos-${periodo.dataInicio}-a-${periodo.dataFim}.csv`,
        );
      else
        await download(
          `/api/relatorios/visao-geral.csv?${semVazios({ ...filtros })}`,
          `visao-geral-${periodo.dataInicio}-a-${periodo.dataFim}.csv`,
        );
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível baixar a planilha.'));
    } finally {
      setBaixando(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={!periodo || baixando !== null} onClick={() => void baixar('atendimentos')}>
        <Download aria-hidden /> {baixando === 'atendimentos' ? 'Baixando…' : 'Baixar atendimentos (CSV)'}
      </Button>
      <Button variant="outline" size="sm" disabled={!periodo || baixando !== null} onClick={() => void baixar('numeros')}>
        <Download aria-hidden /> {baixando === 'numeros' ? 'Baixando…' : 'Baixar números (CSV)'}
      </Button>
    </div>
  );
}
