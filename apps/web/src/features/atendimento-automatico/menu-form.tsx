import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AUTOMATICO_TEXTS, MENU_MAX_OPCOES, textoDoMenu, type TMenu, type TOpcaoMenu } from '@balcao/shared/atendimento-automatico';
import type { TDepartamento } from '@balcao/shared/departamentos';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSaveMenu } from './api';

/** A channel's welcome menu, with the text the customer will read beside it. */
export function MenuForm({ canalId, inicial, departamentos }: { canalId: string; inicial: TMenu; departamentos: TDepartamento[] }) {
  const [m, setM] = useState<TMenu>(inicial);
  const salvar = useSaveMenu(canalId);
  const setOpcao = (i: number, o: Partial<TOpcaoMenu>) =>
    setM((x) => ({ ...x, opcoes: x.opcoes.map((y, k) => (k === i ? { ...y, ...o } : y)) }));
  const proximo = () => Math.max(0, ...m.opcoes.map((o) => o.numero)) + 1;
  return (
    <form
      className="grid gap-5 lg:grid-cols-[1fr_18rem]"
      onSubmit={(e) => {
        e.preventDefault();
        salvar.mutate(m, {
          onSuccess: () => toast.success(AUTOMATICO_TEXTS.salvo),
          onError: (err) => toast.error(errorMessage(err, 'Não foi possível salvar o menu.')),
        });
      }}
    >
      <div className="flex flex-col gap-4">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={m.ativo} onChange={(e) => setM({ ...m, ativo: e.target.checked })} /> Menu ativo neste canal
        </label>
        <div className="grid gap-2">
          <Label htmlFor="saudacao">Saudação</Label>
          <textarea
            id="saudacao"
            className="min-h-16 rounded-md border bg-background px-3 py-2 text-sm"
            value={m.saudacao}
            maxLength={1000}
            onChange={(e) => setM({ ...m, saudacao: e.target.value })}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Opções</legend>
          {m.opcoes.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; a value as key would remount the field being typed in
            <div key={i} className="flex items-center gap-2" data-opcao={o.numero}>
              <Input
                type="number"
                min={1}
                max={MENU_MAX_OPCOES}
                aria-label={`Número da opção ${i + 1}`}
                className="h-8 w-16"
                value={o.numero}
                onChange={(e) => setOpcao(i, { numero: Number(e.target.value) })}
              />
              <Input
                aria-label={`Texto da opção ${i + 1}`}
                className="h-8"
                value={o.texto}
                maxLength={60}
                onChange={(e) => setOpcao(i, { texto: e.target.value })}
              />
              <NativeSelect
                aria-label={`Departamento da opção ${i + 1}`}
                className="h-8 w-44"
                value={o.departamentoId}
                onChange={(e) => setOpcao(i, { departamentoId: e.target.value })}
              >
                <option value="">Departamento…</option>
                {departamentos.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.nome}
                  </option>
                ))}
              </NativeSelect>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remover opção ${i + 1}`}
                onClick={() => setM({ ...m, opcoes: m.opcoes.filter((_, k) => k !== i) })}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={m.opcoes.length >= MENU_MAX_OPCOES}
              onClick={() =>
                setM({ ...m, opcoes: [...m.opcoes, { numero: proximo(), texto: '', departamentoId: departamentos[0]?.id ?? '' }] })
              }
            >
              <Plus /> Opção
            </Button>
          </div>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor="invalida">Mensagem de opção inválida</Label>
          <Input
            id="invalida"
            value={m.mensagemOpcaoInvalida}
            maxLength={1000}
            onChange={(e) => setM({ ...m, mensagemOpcaoInvalida: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="tentativas">Tentativas antes da fila geral</Label>
          <Input
            id="tentativas"
            type="number"
            min={1}
            max={10}
            className="h-8 w-20"
            value={m.tentativas}
            onChange={(e) => setM({ ...m, tentativas: Number(e.target.value) })}
          />
        </div>
        <div>
          <Button type="submit" disabled={salvar.isPending}>
            {salvar.isPending ? 'Salvando…' : 'Salvar menu'}
          </Button>
        </div>
      </div>
      <section aria-label="Prévia do menu" className="rounded-xl border bg-[#e5ddd5] p-3 dark:bg-muted">
        <p className="mb-2 text-xs font-medium text-muted-foreground">O que o cliente vê</p>
        <div className="whitespace-pre-wrap rounded-lg bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs" data-previa>
          {textoDoMenu(m)}
        </div>
      </section>
    </form>
  );
}
