import { Loader2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { ZContaInput, type TConta } from '@balcao/shared/conta';
import { ROLE_LABEL } from '@balcao/shared/roles';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/http';
import { fieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useConta, useSaveConta } from '../conta-api';
import { describedBy, Field } from './field';
import { LogoField } from './logo-field';

/** Brazil's zones first (most accounts), then every zone the browser knows. */
function useTimeZones(current: string) {
  return useMemo(() => {
    const all: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const br = all.filter((z) =>
      /^America\/(Sao_Paulo|Manaus|Fortaleza|Recife|Bahia|Belem|Cuiaba|Campo_Grande|Porto_Velho|Boa_Vista|Rio_Branco|Noronha|Araguaina|Maceio)$/.test(
        z,
      ),
    );
    const rest = all.filter((z) => !br.includes(z));
    if (current && !all.includes(current)) rest.unshift(current);
    return { br, rest };
  }, [current]);
}

/** Account name and time zone (admin and master), with the shared schema. */
function ContaForm({ conta }: { conta: TConta }) {
  const [values, setValues] = useState({ nome: conta.nome, timeZone: conta.timeZone, telemetria: conta.telemetria });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveConta();
  const zones = useTimeZones(conta.timeZone);
  const changed = values.nome !== conta.nome || values.timeZone !== conta.timeZone || values.telemetria !== conta.telemetria;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors: found } = fieldErrors(ZContaInput, values);
    setErrors(found);
    if (!data) return;
    save.mutate(data, {
      onError: (err) => {
        const fields = err instanceof ApiError && err.errors ? Object.entries(err.errors) : [];
        if (fields.length) setErrors(Object.fromEntries(fields.map(([k, v]) => [k, v[0] ?? ''])));
        else toast.error(errorMessage(err, 'Não foi possível salvar as configurações.'));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 rounded-xl border bg-card p-4 sm:p-5">
      <Field id="conta-nome" label="Nome da conta" error={errors.nome}>
        <Input
          id="conta-nome"
          value={values.nome}
          onChange={(e) => setValues((v) => ({ ...v, nome: e.target.value }))}
          {...describedBy('conta-nome', errors.nome, false)}
        />
      </Field>
      <Field
        id="conta-fuso"
        label="Fuso horário"
        error={errors.timeZone}
        hint="Datas, horários e o dashboard seguem este fuso para toda a equipe."
      >
        <NativeSelect
          id="conta-fuso"
          value={values.timeZone}
          onChange={(e) => setValues((v) => ({ ...v, timeZone: e.target.value }))}
          {...describedBy('conta-fuso', errors.timeZone)}
        >
          <optgroup label="Brasil">
            {zones.br.map((z) => (
              <option key={z} value={z}>
                {z.replace('America/', '').replace(/_/g, ' ')} ({z})
              </option>
            ))}
          </optgroup>
          <optgroup label="Outros">
            {zones.rest.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </Field>
      <LogoField conta={conta} />
      <div className="grid gap-1">
        <label htmlFor="conta-telemetria" className="flex items-center gap-2 text-sm font-medium">
          <input
            id="conta-telemetria"
            type="checkbox"
            className="size-4 accent-primary"
            checked={values.telemetria}
            onChange={(e) => setValues((v) => ({ ...v, telemetria: e.target.checked }))}
            aria-describedby="conta-telemetria-dica"
          />
          Análise de uso do produto
        </label>
        <p id="conta-telemetria-dica" className="text-sm text-muted-foreground">
          Quando o servidor tem a análise configurada, envia páginas visitadas, desempenho, erros e contagens de mensagens desta conta, sem
          textos, e-mails ou dados de clientes. Desmarque para não enviar nada.
        </p>
      </div>
      <div className="flex justify-end border-t pt-4">
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Salvar
        </Button>
      </div>
    </form>
  );
}

/** 'Geral': the account (editable by admin and master) and who is signed in (profile edits live in 'Meu perfil'). */
export function GeralTab({ user }: { user: TCurrentUser }) {
  const gere = user.role === 'admin' || user.role === 'master';
  const conta = useConta();
  const rows: [string, string][] = [
    ['Conta', conta.data?.nome ?? user.databaseName],
    ['Nome', user.nome],
    ['E-mail', user.email],
    ['Perfil', ROLE_LABEL[user.role]],
    ['Departamento', user.departamento ?? 'Nenhum'],
    ['Fuso horário', user.timeZone],
  ];
  return (
    <div className="flex max-w-2xl flex-col gap-5">
      {gere && (
        <section className="flex flex-col gap-3" aria-labelledby="geral-conta">
          <div className="grid gap-1">
            <h2 id="geral-conta" className="text-lg font-semibold">
              Conta
            </h2>
            <p className="text-sm text-muted-foreground">Nome, fuso horário e logotipo da sua empresa no Balcão.</p>
          </div>
          {conta.data ? (
            <ContaForm key={`${conta.data.nome}|${conta.data.timeZone}`} conta={conta.data} />
          ) : conta.isError ? (
            <p className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
              Não foi possível carregar os dados da conta.
            </p>
          ) : (
            <Skeleton role="status" className="h-72 w-full" aria-busy="true" aria-label="Carregando conta" />
          )}
        </section>
      )}
      <section className="flex flex-col gap-3" aria-labelledby="geral-voce">
        <div className="grid gap-1">
          <h2 id="geral-voce" className="text-lg font-semibold">
            {gere ? 'Você' : 'Geral'}
          </h2>
          <p className="text-sm text-muted-foreground">Para mudar nome, foto ou senha, use 'Perfil' no menu do usuário.</p>
        </div>
        <dl className="grid divide-y rounded-xl border bg-card text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
