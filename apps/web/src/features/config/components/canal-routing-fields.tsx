import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import type { TCanalWidgetInput } from '@balcao/shared/canais';
import type { TDepartamento } from '@balcao/shared/departamentos';
import { PRE_CHAT_CAMPOS, WIDGET_CONSENTIMENTO } from '@balcao/shared/widget';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { SwitchRow } from './switch-row';

export const PRE_CHAT_LABEL: Record<(typeof PRE_CHAT_CAMPOS)[number], string> = { nome: 'Nome', email: 'E-mail', telefone: 'Telefone' };
// Radix Select cannot hold an empty value; this stands for "no default department".
const NENHUM = '__nenhum__';
const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

type Props = {
  values: TCanalWidgetInput;
  errors: Record<string, string>;
  set: <K extends keyof TCanalWidgetInput>(k: K, v: TCanalWidgetInput[K]) => void;
  departamentos: TDepartamento[] | undefined;
  loadFailed: boolean;
};

// Native boxes follow the OS scheme; in our dark theme they must be dark too.
const checkbox = 'size-4 shrink-0 cursor-pointer rounded accent-primary dark:[color-scheme:dark]';

/** What the visitor fills before chatting and which department's queue the conversation lands in. */
export function CanalRoutingFields({ values, errors, set, departamentos, loadFailed }: Props) {
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Formulário antes da conversa</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {PRE_CHAT_CAMPOS.map((campo) => (
            <label key={campo} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkbox}
                checked={values.camposPreChat.includes(campo)}
                onChange={(e) => set('camposPreChat', toggle(values.camposPreChat, campo, e.target.checked))}
              />
              {PRE_CHAT_LABEL[campo]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">Nenhum marcado: o visitante já começa escrevendo.</p>
      </fieldset>

      <SwitchRow
        label="Pedir consentimento (LGPD)"
        description={`O formulário mostra uma caixa, desmarcada, com o texto: “${WIDGET_CONSENTIMENTO.texto}” Quem marcar fica registrado como aceito, com este texto.`}
        checked={values.pedirConsentimento}
        onCheckedChange={(v) => set('pedirConsentimento', v)}
      />

      <SwitchRow
        label="Permitir escolher departamento"
        description="O visitante escolhe com quem quer falar antes da primeira mensagem."
        checked={values.escolherDepartamento}
        onCheckedChange={(v) => set('escolherDepartamento', v)}
      />

      {loadFailed ? (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          Não foi possível carregar os departamentos. Feche e abra de novo para tentar outra vez.
        </p>
      ) : !departamentos ? (
        <Skeleton className="h-16 w-full" aria-label="Carregando departamentos" />
      ) : departamentos.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          Nenhum departamento cadastrado: as conversas vão para a fila geral.
        </p>
      ) : (
        <>
          {values.escolherDepartamento && (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Departamentos oferecidos</legend>
              <div className="grid max-h-40 gap-2 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
                {departamentos.map((d) => (
                  <label key={d.id} className="flex min-w-0 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className={checkbox}
                      checked={values.departamentoIds.includes(d.id)}
                      onChange={(e) => set('departamentoIds', toggle(values.departamentoIds, d.id, e.target.checked))}
                    />
                    <span className="truncate">{d.nome}</span>
                  </label>
                ))}
              </div>
              {errors.departamentoIds && <p className="text-sm text-destructive">{errors.departamentoIds}</p>}
            </fieldset>
          )}
          <div className="grid gap-2">
            <Label htmlFor="canal-dep-padrao">Departamento padrão</Label>
            <Select.Root
              value={values.departamentoPadraoId ?? NENHUM}
              onValueChange={(v) => set('departamentoPadraoId', v === NENHUM ? null : v)}
            >
              <Select.Trigger
                id="canal-dep-padrao"
                aria-describedby="canal-dep-padrao-hint"
                className="flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30 sm:w-72"
              >
                <Select.Value />
                <Select.Icon>
                  <ChevronDown className="size-4 opacity-60" aria-hidden />
                </Select.Icon>
              </Select.Trigger>
              <Select.Portal>
                <Select.Content
                  position="popper"
                  sideOffset={4}
                  className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md"
                >
                  <Select.Viewport className="p-1">
                    {[{ id: NENHUM, nome: 'Nenhum (fila geral)' }, ...departamentos].map((d) => (
                      <Select.Item
                        key={d.id}
                        value={d.id}
                        className="relative flex cursor-default select-none items-center rounded-sm py-1.5 pl-2 pr-8 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
                      >
                        <Select.ItemText>{d.nome}</Select.ItemText>
                        <Select.ItemIndicator className="absolute right-2">
                          <Check className="size-4" aria-hidden />
                        </Select.ItemIndicator>
                      </Select.Item>
                    ))}
                  </Select.Viewport>
                </Select.Content>
              </Select.Portal>
            </Select.Root>
            <p id="canal-dep-padrao-hint" className="text-xs text-muted-foreground">
              {values.escolherDepartamento ? 'Usado quando o visitante não escolhe.' : 'Para onde vão as conversas deste canal.'}
            </p>
          </div>
        </>
      )}
    </>
  );
}
