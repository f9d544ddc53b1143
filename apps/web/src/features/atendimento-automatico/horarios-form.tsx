import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AUTOMATICO_TEXTS, type THorarios, type THorariosResposta } from '@balcao/shared/atendimento-automatico';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';

const DIAS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];
type Dias = THorarios['dias'];

/**
 * The week's open periods, holidays and the away message, read in the account's time zone: the account's, or a
 * department's (`salvar` says where they go).
 */
export function HorariosForm({
  inicial,
  salvar,
  rotulo = 'Salvar horários',
}: {
  inicial: THorariosResposta;
  salvar: (h: THorarios) => Promise<unknown>;
  rotulo?: string;
}) {
  const [dias, setDias] = useState<Dias>(inicial.dias);
  const [feriados, setFeriados] = useState<string[]>(inicial.feriados);
  const [novoFeriado, setNovoFeriado] = useState('');
  const [mensagem, setMensagem] = useState(inicial.mensagemForaDoHorario);
  const [salvando, setSalvando] = useState(false);
  const periodosDe = (dia: number) => dias.find((d) => d.dia === dia)?.periodos ?? [];
  const setPeriodos = (dia: number, periodos: Dias[number]['periodos']) =>
    setDias((ds) => [...ds.filter((d) => d.dia !== dia), ...(periodos.length ? [{ dia, periodos }] : [])].sort((a, b) => a.dia - b.dia));

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        setSalvando(true);
        salvar({ dias, feriados, mensagemForaDoHorario: mensagem })
          .then(() => toast.success(AUTOMATICO_TEXTS.salvo))
          .catch((err: unknown) => toast.error(errorMessage(err, 'Não foi possível salvar.')))
          .finally(() => setSalvando(false));
      }}
    >
      <p className="text-sm text-muted-foreground">
        Horários no fuso da conta ({inicial.timeZone}). Um dia sem períodos fica fechado; para atravessar a meia-noite, termine às 23:59 e
        comece às 00:00 no dia seguinte.
      </p>
      <ul className="flex flex-col gap-2" aria-label="Horário de atendimento">
        {DIAS.map((nome, dia) => (
          <li key={nome} className="flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2" data-dia={dia}>
            <span className="w-20 text-sm font-medium">{nome}</span>
            {periodosDe(dia).length === 0 && <span className="text-sm text-muted-foreground">Fechado</span>}
            {periodosDe(dia).map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; a value as key would remount the field being typed in
              <span key={`${dia}-${i}`} className="flex items-center gap-1">
                <Input
                  type="time"
                  aria-label={`${nome}: início do período ${i + 1}`}
                  className="h-8 w-28"
                  value={p.inicio}
                  onChange={(e) =>
                    setPeriodos(
                      dia,
                      periodosDe(dia).map((x, k) => (k === i ? { ...x, inicio: e.target.value } : x)),
                    )
                  }
                />
                –
                <Input
                  type="time"
                  aria-label={`${nome}: fim do período ${i + 1}`}
                  className="h-8 w-28"
                  value={p.fim}
                  onChange={(e) =>
                    setPeriodos(
                      dia,
                      periodosDe(dia).map((x, k) => (k === i ? { ...x, fim: e.target.value } : x)),
                    )
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Remover período ${i + 1} de ${nome}`}
                  onClick={() =>
                    setPeriodos(
                      dia,
                      periodosDe(dia).filter((_, k) => k !== i),
                    )
                  }
                >
                  <Trash2 />
                </Button>
              </span>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="ml-auto"
              onClick={() =>
                setPeriodos(dia, [
                  ...periodosDe(dia),
                  periodosDe(dia).length ? { inicio: '13:00', fim: '18:00' } : { inicio: '08:00', fim: '12:00' },
                ])
              }
            >
              <Plus /> Período
            </Button>
          </li>
        ))}
      </ul>
      <div className="grid gap-2">
        <Label htmlFor="feriado">Feriados (fechado o dia todo)</Label>
        <div className="flex gap-2">
          <Input id="feriado" type="date" className="h-8 w-44" value={novoFeriado} onChange={(e) => setNovoFeriado(e.target.value)} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!novoFeriado}
            onClick={() => {
              setFeriados((f) => [...new Set([...f, novoFeriado])].sort());
              setNovoFeriado('');
            }}
          >
            Adicionar
          </Button>
        </div>
        <ul className="flex flex-wrap gap-2">
          {feriados.map((f) => (
            <li key={f} className="flex items-center gap-1 rounded-full border px-2 text-xs">
              {f.split('-').reverse().join('/')}
              <button type="button" aria-label={`Remover feriado ${f}`} onClick={() => setFeriados((x) => x.filter((y) => y !== f))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="fora">Mensagem fora do horário</Label>
        <textarea
          id="fora"
          className="min-h-20 rounded-md border bg-background px-3 py-2 text-sm"
          value={mensagem}
          maxLength={1000}
          onChange={(e) => setMensagem(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">Enviada uma vez por conversa em cada período fechado, como resposta ao cliente.</p>
      </div>
      <div>
        <Button type="submit" disabled={salvando}>
          {salvando ? 'Salvando…' : rotulo}
        </Button>
      </div>
    </form>
  );
}
