import type { TCanalWidgetInput } from '@balcao/shared/canais';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from './field';

// The schema's caps (ZCanalWidgetInput: nome 60, saudação 300), shown as counters.
const NOME_MAX = 60;
const SAUDACAO_MAX = 300;
const HEX = /^#[0-9a-f]{6}$/i;

type Props = {
  values: TCanalWidgetInput;
  errors: Record<string, string>;
  set: <K extends keyof TCanalWidgetInput>(k: K, v: TCanalWidgetInput[K]) => void;
};

/** Name, colour (picker + hex) and greeting: what the visitor sees first. */
export function CanalAppearanceFields({ values, errors, set }: Props) {
  return (
    <>
      <Field id="canal-nome" label="Nome do canal" hint="Só a equipe vê; ajuda a distinguir um site do outro." error={errors.nome}>
        <Input
          id="canal-nome"
          value={values.nome}
          maxLength={NOME_MAX}
          onChange={(e) => set('nome', e.target.value)}
          placeholder="Ex.: Site da loja"
          {...describedBy('canal-nome', errors.nome)}
        />
      </Field>
      <Field id="canal-cor" label="Cor" hint="Botão e cabeçalho do chat no seu site." error={errors.cor}>
        <div className="flex items-center gap-2">
          {/* The picker only takes a full #rrggbb, so it keeps the last valid colour while the hex is being typed. */}
          <input
            type="color"
            aria-label="Escolher cor"
            value={HEX.test(values.cor) ? values.cor : '#000000'}
            onChange={(e) => set('cor', e.target.value)}
            className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1"
          />
          <Input
            id="canal-cor"
            value={values.cor}
            maxLength={7}
            onChange={(e) => set('cor', e.target.value.trim())}
            className="w-32 font-mono uppercase"
            spellCheck={false}
            {...describedBy('canal-cor', errors.cor)}
          />
        </div>
      </Field>
      <Field
        id="canal-saudacao"
        label="Saudação"
        hint={`${values.saudacao.length}/${SAUDACAO_MAX} · a primeira mensagem que o visitante lê.`}
        error={errors.saudacao}
      >
        <textarea
          id="canal-saudacao"
          rows={2}
          value={values.saudacao}
          maxLength={SAUDACAO_MAX}
          onChange={(e) => set('saudacao', e.target.value)}
          className="w-full resize-none rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm dark:bg-input/30"
          {...describedBy('canal-saudacao', errors.saudacao)}
        />
      </Field>
    </>
  );
}
