import { useState } from 'react';
import { FINALIDADES, ROTULO_FINALIDADE, type TFinalidade } from '@balcao/shared/consentimento';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useRecordConsentimento } from './api';

/**
 * An answer the customer gave elsewhere (a call, at the counter), with the reason. Not a <form>: it sits inside
 * the directory's customer form.
 */
export function RegistrarResposta({ clienteId, onDone }: { clienteId: string; onDone: () => void }) {
  const [finalidade, setFinalidade] = useState<TFinalidade>('whatsapp');
  const [aceito, setAceito] = useState('sim');
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const registrar = useRecordConsentimento(clienteId);
  const id = `reg-${clienteId}`;
  const save = () =>
    registrar.mutate(
      { finalidade, aceito: aceito === 'sim', motivo },
      {
        onSuccess: () => {
          toast.success('Sucesso', 'Resposta registrada.');
          onDone();
        },
        onError: (err) => {
          setErro(err instanceof ApiError ? (err.errors?.motivo?.[0] ?? err.message) : mensagemHttp(err, 'Não foi possível registrar.'));
        },
      },
    );
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3">
      <legend className="px-1 text-xs font-medium">Registrar resposta do cliente</legend>
      <div className="grid grid-cols-2 gap-2">
        <NativeSelect aria-label="Finalidade" value={finalidade} onChange={(e) => setFinalidade(e.target.value as TFinalidade)}>
          {FINALIDADES.map((f) => (
            <option key={f} value={f}>
              {ROTULO_FINALIDADE[f]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Resposta" value={aceito} onChange={(e) => setAceito(e.target.value)}>
          <option value="sim">Aceitou</option>
          <option value="nao">Não quer receber</option>
        </NativeSelect>
      </div>
      <Input
        id={`${id}-motivo`}
        aria-label="Motivo"
        placeholder="Motivo (ex.: pediu por telefone)"
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        aria-invalid={Boolean(erro)}
        aria-describedby={erro ? `${id}-erro` : undefined}
      />
      {erro && (
        <p id={`${id}-erro`} role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="button" size="sm" disabled={registrar.isPending} onClick={save}>
          Registrar
        </Button>
      </div>
    </fieldset>
  );
}
