import { AlertTriangle, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TDepartamento } from '@balcao/shared/departamentos';
import { ROLE_LABEL, type TRole } from '@balcao/shared/roles';
import { rolesAtribuiveis, ZUsuarioInput, type TUsuarioAdmin } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { describedBy, Field } from '@/features/config/components/field';
import { ApiError, errorMessage } from '@/lib/http';
import { fieldErrors } from '@/lib/form';
import { useSaveUsuario } from '../api';
import { permissoesSobre, type TCaller } from '../permissoes';

type Values = { nome: string; email: string; role: TRole; departamentoId: string };

const HINT_PAPEL: Partial<Record<TRole, string>> = {
  admin: 'Atende clientes e administra usuários, departamentos e configurações. Ocupa um assento.',
  atendente: 'Atende clientes em Atendimentos. Ocupa um assento.',
  user: 'Acessa configurações pessoais e o Tracker. Não ocupa assento.',
  tracker: 'Acessa somente o Tracker. Não ocupa assento.',
};

/** Create (usuario null) or edit a user with the shared schema; the server's refusals (seats, e-mail in use) show here. */
export function UsuarioFormDialog({
  usuario,
  caller,
  departamentos,
  onClose,
}: {
  usuario: TUsuarioAdmin | null;
  caller: TCaller;
  departamentos: TDepartamento[] | undefined;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => ({
    nome: usuario?.nome ?? '',
    email: usuario?.email ?? '',
    role: usuario?.role ?? 'atendente',
    departamentoId: usuario?.departamentoIds[0] ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveUsuario();
  const podeMudarPapel = usuario ? permissoesSobre(caller, usuario).mudarPapel : true;
  const papeis = rolesAtribuiveis(caller.role);
  const opcoes = papeis.includes(values.role) ? papeis : [values.role, ...papeis];

  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const { nome, email, role, departamentoId } = values;
    const { data, errors: found } = fieldErrors(ZUsuarioInput, {
      nome,
      email,
      role,
      departamentoIds: departamentoId ? [departamentoId] : [],
    });
    setErrors(found);
    if (!data) return;
    save.mutate(
      { id: usuario?.id ?? null, input: data },
      {
        onSuccess: onClose,
        onError: (err) => {
          const first = err instanceof ApiError && err.errors ? Object.entries(err.errors) : [];
          if (first.length)
            setErrors(Object.fromEntries(first.map(([k, v]) => [k === 'departamentoIds' ? 'departamentoId' : k, v[0] ?? ''])));
          else setRefusal(errorMessage(err, 'Não foi possível salvar o usuário.'));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-6 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{usuario ? 'Editar usuário' : 'Novo usuário'}</DialogTitle>
          <DialogDescription>
            {usuario
              ? 'Altere os dados, o papel ou o departamento.'
              : 'Enviaremos por e-mail um link para a pessoa definir a senha (válido por 7 dias).'}
          </DialogDescription>
        </DialogHeader>
        <form id="usuario-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          {refusal && (
            <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {refusal}
            </p>
          )}
          <Field id="usuario-nome" label="Nome" error={errors.nome}>
            <Input
              id="usuario-nome"
              value={values.nome}
              onChange={(e) => set('nome', e.target.value)}
              autoComplete="off"
              {...describedBy('usuario-nome', errors.nome, false)}
            />
          </Field>
          <Field id="usuario-email" label="E-mail" error={errors.email}>
            <Input
              id="usuario-email"
              type="email"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              autoComplete="off"
              {...describedBy('usuario-email', errors.email, false)}
            />
          </Field>
          <Field
            id="usuario-papel"
            label="Papel"
            error={errors.role}
            hint={podeMudarPapel ? HINT_PAPEL[values.role] : 'Você não pode alterar o seu próprio papel.'}
          >
            <NativeSelect
              id="usuario-papel"
              value={values.role}
              disabled={!podeMudarPapel}
              onChange={(e) => set('role', e.target.value as TRole)}
              {...describedBy('usuario-papel', errors.role)}
            >
              {opcoes.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id="usuario-departamento"
            label="Departamento"
            error={errors.departamentoId}
            hint="Define a fila de atendimentos da pessoa."
          >
            <NativeSelect
              id="usuario-departamento"
              value={values.departamentoId}
              onChange={(e) => set('departamentoId', e.target.value)}
              {...describedBy('usuario-departamento', errors.departamentoId)}
            >
              <option value="">Nenhum</option>
              {departamentos?.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.nome}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="usuario-form" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {usuario ? 'Salvar alterações' : 'Criar usuário'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
