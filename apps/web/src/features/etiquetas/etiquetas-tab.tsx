import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDeleteEtiqueta, useEtiquetas, useSaveEtiqueta } from './api';

/** Configurações › Etiquetas: the account's labels (admin and master). */
export function EtiquetasTab() {
  const { data } = useEtiquetas();
  const salvar = useSaveEtiqueta();
  const excluir = useDeleteEtiqueta();
  const [nome, setNome] = useState('');
  const [cor, setCor] = useState('#2563eb');
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          salvar.mutate({ input: { nome, cor } }, { onSuccess: () => setNome('') });
        }}
      >
        <Input
          aria-label="Nome da etiqueta"
          placeholder="Nome da etiqueta"
          className="h-9 w-64"
          value={nome}
          maxLength={40}
          onChange={(e) => setNome(e.target.value)}
        />
        <input
          aria-label="Cor da etiqueta"
          type="color"
          className="h-9 w-12 rounded border"
          value={cor}
          onChange={(e) => setCor(e.target.value)}
        />
        <Button type="submit" disabled={!nome.trim() || salvar.isPending}>
          Criar etiqueta
        </Button>
      </form>
      {data?.length === 0 && <p className="text-sm text-muted-foreground">Nenhuma etiqueta cadastrada.</p>}
      <ul className="flex flex-col divide-y rounded-lg border">
        {data?.map((e) => (
          <li key={e.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <span className="size-3 rounded-full" style={{ background: e.cor }} aria-hidden />
            <span className="font-medium">{e.nome}</span>
            <span className="text-muted-foreground">
              {e.atendimentos === 1 ? '1 atendimento aberto' : `${e.atendimentos} atendimentos abertos`}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto size-8"
              aria-label={`Excluir ${e.nome}`}
              onClick={() => excluir.mutate(e.id)}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
