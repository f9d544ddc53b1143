import { preencherModelo, type TModeloEscolhido, type TModeloWhatsApp } from '@balcao/shared/mensagens-agendadas';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { describedBy, Field } from '@/features/config/components/field';

const chave = (m: { nome: string; idioma: string }) => `${m.nome}|${m.idioma}`;

/** An approved WhatsApp template to choose, its variables ({{1}}, {{2}}...) to fill, and the text the customer gets. */
export function ModeloCampos({
  modelos,
  valor,
  onChange,
  error,
}: {
  modelos: TModeloWhatsApp[];
  valor: TModeloEscolhido | null;
  onChange: (m: TModeloEscolhido | null) => void;
  error?: string;
}) {
  const atual = valor ? modelos.find((m) => chave(m) === chave(valor)) : undefined;
  const escolher = (k: string) => {
    const m = modelos.find((x) => chave(x) === k);
    onChange(m ? { nome: m.nome, idioma: m.idioma, variaveis: Array.from({ length: m.variaveis }, () => '') } : null);
  };
  return (
    <>
      <Field id="nc-modelo" label="Modelo aprovado" error={error}>
        <NativeSelect
          id="nc-modelo"
          value={valor ? chave(valor) : ''}
          onChange={(e) => escolher(e.target.value)}
          {...describedBy('nc-modelo', error, false)}
        >
          <option value="">Escolha um modelo</option>
          {modelos.map((m) => (
            <option key={chave(m)} value={chave(m)}>
              {m.nome} ({m.idioma})
            </option>
          ))}
        </NativeSelect>
      </Field>
      {valor?.variaveis.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a template's variables are positional ({{1}}, {{2}}...)
        <Field key={`var-${i}`} id={`nc-var-${i}`} label={`Variável {{${i + 1}}}`}>
          <Input
            id={`nc-var-${i}`}
            value={v}
            onChange={(e) => onChange({ ...valor, variaveis: valor.variaveis.map((x, j) => (j === i ? e.target.value : x)) })}
          />
        </Field>
      ))}
      {atual && (
        <figure className="grid gap-1">
          <figcaption className="text-xs font-medium text-muted-foreground">Prévia da mensagem</figcaption>
          <p className="whitespace-pre-wrap rounded-lg border bg-muted/40 p-3 text-sm">
            {preencherModelo(atual.corpo, valor?.variaveis ?? [])}
          </p>
        </figure>
      )}
    </>
  );
}
