import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCentrais } from '@/features/documentacao/api';
import { describedBy, Field } from './field';

/** The help centre the widget searches before a conversation ("Procurar na central de ajuda"), or none. */
export function CanalCentralField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error?: string;
  onChange: (id: string | null) => void;
}) {
  const centrais = useCentrais();
  const id = 'canal-central';
  if (centrais.isPending) return <Skeleton className="h-14 w-full" aria-label="Carregando centrais de ajuda" />;
  const lista = centrais.data ?? [];
  return (
    <Field
      id={id}
      label="Central de ajuda"
      error={error}
      hint={
        lista.length
          ? 'Antes de iniciar a conversa, o visitante procura nos artigos públicos desta central.'
          : 'Crie uma central de ajuda em Documentação para o visitante procurar artigos antes de conversar.'
      }
    >
      <NativeSelect
        id={id}
        className="sm:w-72"
        value={value ?? ''}
        disabled={!lista.length && !value}
        onChange={(e) => onChange(e.target.value || null)}
        {...describedBy(id, error)}
      >
        <option value="">Nenhuma</option>
        {lista.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
            {c.publica ? '' : ' (não pública)'}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
