import { useState, type FormEvent } from 'react';
import {
  DIAS_SEMANA,
  MENSAGENS_AGENDADAS_TEXTS as T,
  RECORRENCIA_LABEL,
  RECORRENCIAS,
  preencherModelo,
  type TMensagemAgendada,
  type TModeloEscolhido,
  type TRecorrencia,
} from '@balcao/shared/mensagens-agendadas';
import { Button } from '@/components/ui/button';
import { AvisoConsentimentoDoCliente } from '@/features/consentimento/aviso-consentimento';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { formatNumero } from '@/features/atendimentos/format';
import { describedBy, Field } from '@/features/config/components/field';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useBuscaClientes } from '@/features/clientes/api';
import { useCanaisAgendaveis, useModelos, useSaveAgendada } from './api';
import { toDataEnvio } from './format';

const textareaClass =
  'min-h-24 rounded-md border border-input bg-transparent px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive';

function ClienteBusca({
  valor,
  onEscolher,
  error,
}: {
  valor: { id: string; nome: string } | null;
  onEscolher: (c: { id: string; nome: string }) => void;
  error?: string;
}) {
  const [pesquisa, setPesquisa] = useState('');
  const busca = useBuscaClientes(pesquisa);
  return (
    <Field id="ag-cliente" label="Cliente" hint={valor ? `Escolhido: ${valor.nome}` : 'Busque por nome, número ou e-mail.'} error={error}>
      <Input
        id="ag-cliente"
        type="search"
        value={pesquisa}
        onChange={(e) => setPesquisa(e.target.value)}
        placeholder="Buscar cliente"
        {...describedBy('ag-cliente', error)}
      />
      {busca.isError && <p className="text-sm text-destructive">{busca.error.message}</p>}
      <fieldset className="flex max-h-40 flex-col gap-1 overflow-y-auto" aria-label="Clientes encontrados">
        {busca.data?.itens.map((c) => (
          <Button
            key={c.id}
            type="button"
            variant={valor?.id === c.id ? 'secondary' : 'ghost'}
            aria-pressed={valor?.id === c.id}
            className="h-auto justify-start py-1.5 text-left"
            onClick={() => onEscolher(c)}
          >
            <span className="font-medium">{c.nome}</span>
            <span className="text-xs text-muted-foreground">{c.numero ? formatNumero(c.numero) : (c.email ?? '')}</span>
          </Button>
        ))}
        {busca.data?.itens.length === 0 && <p className="text-sm text-muted-foreground">Nenhum cliente encontrado.</p>}
      </fieldset>
    </Field>
  );
}

/** Create or edit a scheduled message: customer, channel, text, date and time (pt-BR), repetition, template, active. */
export function AgendadaDialog({ atual, onClose }: { atual: TMensagemAgendada | null; onClose: () => void }) {
  const canais = useCanaisAgendaveis();
  const save = useSaveAgendada();
  const [cliente, setCliente] = useState(atual ? { id: atual.clienteId, nome: atual.clienteNome } : null);
  const [canalId, setCanalId] = useState(atual?.canalId ?? '');
  const [conteudo, setConteudo] = useState(atual?.conteudo ?? '');
  const [quando, setQuando] = useState(atual?.dataEnvio.slice(0, 16) ?? '');
  const [rec, setRec] = useState<TRecorrencia>(atual?.recorrencia ?? { tipo: 'unica' });
  const [modelo, setModelo] = useState<TModeloEscolhido | null>(atual?.modelo ?? null);
  const [ativo, setAtivo] = useState(atual?.ativo ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canal = canalId || canais.data?.[0]?.id || '';
  // Templates only where the channel has them (the Cloud API); WhatsApp Web writes at any time without one.
  const comModelos = canais.data?.find((c) => c.id === canal)?.modelos ?? false;
  const modelos = useModelos(comModelos ? canal : null);
  const corpo = modelos.data?.find((m) => m.nome === modelo?.nome && m.idioma === modelo.idioma);

  const escolherModelo = (chave: string) => {
    const m = modelos.data?.find((x) => `${x.nome}|${x.idioma}` === chave);
    if (!m) return setModelo(null);
    const variaveis = Array.from({ length: m.variaveis }, () => '');
    setModelo({ nome: m.nome, idioma: m.idioma, variaveis });
    setConteudo(preencherModelo(m.corpo, variaveis));
  };
  const mudarVariavel = (i: number, v: string) => {
    if (!modelo) return;
    const variaveis = modelo.variaveis.map((x, j) => (j === i ? v : x));
    setModelo({ ...modelo, variaveis });
    if (corpo) setConteudo(preencherModelo(corpo.corpo, variaveis));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        ...(atual ? { id: atual.id } : {}),
        clienteId: cliente?.id ?? '',
        canalId: canal,
        conteudo,
        dataEnvio: toDataEnvio(quando),
        recorrencia: rec,
        modelo: comModelos ? modelo : null,
        ativo,
      },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0]!, v[0] ?? ''])));
          toast.error(mensagemHttp(err, T.erroSalvar));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={submit} className="grid gap-4" lang="pt-BR">
          <DialogHeader>
            <DialogTitle>{atual ? T.editar : T.nova}</DialogTitle>
            <DialogDescription>Enviada pelo WhatsApp no horário da conta; aparece no atendimento do cliente.</DialogDescription>
          </DialogHeader>
          <ClienteBusca valor={cliente} onEscolher={setCliente} error={errors.clienteId} />
          {cliente && <AvisoConsentimentoDoCliente clienteId={cliente.id} />}
          <Field
            id="ag-canal"
            label="Canal"
            error={errors.canalId}
            hint={canais.data?.length === 0 ? 'Nenhum número de WhatsApp conectado em Integrações.' : undefined}
          >
            <NativeSelect
              id="ag-canal"
              value={canal}
              onChange={(e) => {
                setCanalId(e.target.value);
                setModelo(null);
              }}
              {...describedBy('ag-canal', errors.canalId)}
            >
              {canais.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {comModelos && (
            <Field
              id="ag-modelo"
              label="Modelo do WhatsApp (opcional)"
              hint="Necessário quando o cliente não escreveu nas últimas 24 horas."
            >
              <NativeSelect
                id="ag-modelo"
                value={modelo ? `${modelo.nome}|${modelo.idioma}` : ''}
                onChange={(e) => escolherModelo(e.target.value)}
                {...describedBy('ag-modelo')}
              >
                <option value="">Nenhum</option>
                {modelos.data?.map((m) => (
                  <option key={`${m.nome}|${m.idioma}`} value={`${m.nome}|${m.idioma}`}>
                    {m.nome} ({m.idioma})
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          {modelo?.variaveis.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a template's variables are positional ({{1}}, {{2}}...)
            <Field key={`var-${i}`} id={`ag-var-${i}`} label={`Variável {{${i + 1}}}`}>
              <Input id={`ag-var-${i}`} value={v} onChange={(e) => mudarVariavel(i, e.target.value)} />
            </Field>
          ))}
          <Field id="ag-conteudo" label="Mensagem" error={errors.conteudo}>
            <textarea
              id="ag-conteudo"
              value={conteudo}
              readOnly={!!modelo}
              onChange={(e) => setConteudo(e.target.value)}
              className={textareaClass}
              {...describedBy('ag-conteudo', errors.conteudo, false)}
            />
          </Field>
          <Field id="ag-quando" label="Data e hora do envio" error={errors.dataEnvio}>
            <Input
              id="ag-quando"
              type="datetime-local"
              lang="pt-BR"
              step={1}
              value={quando}
              onChange={(e) => setQuando(e.target.value)}
              {...describedBy('ag-quando', errors.dataEnvio, false)}
            />
          </Field>
          <Field id="ag-rec" label="Repetição" error={errors.recorrencia}>
            <NativeSelect
              id="ag-rec"
              value={rec.tipo}
              onChange={(e) => setRec({ tipo: e.target.value as TRecorrencia['tipo'] })}
              {...describedBy('ag-rec', errors.recorrencia, false)}
            >
              {RECORRENCIAS.map((r) => (
                <option key={r} value={r}>
                  {RECORRENCIA_LABEL[r]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {rec.tipo === 'semanal' && (
            <fieldset className="flex flex-wrap gap-3 text-sm">
              <legend className="mb-1 text-sm font-medium">Dias da semana</legend>
              {DIAS_SEMANA.map((d, i) => (
                <label key={d} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={rec.diasSemana?.includes(i) ?? false}
                    onChange={(e) => {
                      const atuais = new Set(rec.diasSemana ?? []);
                      if (e.target.checked) atuais.add(i);
                      else atuais.delete(i);
                      setRec({ ...rec, diasSemana: [...atuais].sort() });
                    }}
                  />
                  {d}
                </label>
              ))}
            </fieldset>
          )}
          {rec.tipo === 'mensal' && (
            <Field id="ag-dia" label="Dia do mês" hint="Nos meses mais curtos, o último dia.">
              <Input
                id="ag-dia"
                type="number"
                min={1}
                max={31}
                value={rec.diaMes ?? ''}
                onChange={(e) => setRec({ ...rec, diaMes: e.target.value ? Number(e.target.value) : undefined })}
                {...describedBy('ag-dia')}
              />
            </Field>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={ativo} onChange={(e) => setAtivo(e.target.checked)} />
            Ativa
          </label>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
