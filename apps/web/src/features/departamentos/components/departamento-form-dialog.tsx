import { AlertTriangle, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ZDepartamentoInput, type TDepartamento } from '@balcao/shared/departamentos';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/features/config/components/field';
import { useUsuarios } from '@/features/usuarios/api';
import { ApiError, errorMessage } from '@/lib/http';
import { fieldErrors } from '@/lib/form';
import { useSaveDepartamento } from '../api';
import { MembrosField } from './membros-field';

/** Create (departamento null) or rename a department and choose its members, with the shared schema. */
export function DepartamentoFormDialog({ departamento, onClose }: { departamento: TDepartamento | null; onClose: () => void }) {
  const [nome, setNome] = useState(departamento?.nome ?? '');
  const [membros, setMembros] = useState<string[]>(departamento?.usuarioIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const usuarios = useUsuarios({});
  const save = useSaveDepartamento();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const { data, errors: found } = fieldErrors(ZDepartamentoInput, { nome, usuarioIds: membros });
    setErrors(found);
    if (!data) return;
    save.mutate(
      { id: departamento?.id ?? null, input: data },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = err instanceof ApiError && err.errors ? Object.entries(err.errors) : [];
          if (fields.length) setErrors(Object.fromEntries(fields.map(([k, v]) => [k, v[0] ?? ''])));
          // A name in use is the name field's problem; anything else shows above the form.
          else if (err instanceof ApiError && err.status === 409) setErrors({ nome: errorMessage(err, 'Nome em uso.') });
          else setRefusal(errorMessage(err, 'Não foi possível salvar o departamento.'));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-6 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{departamento ? 'Editar departamento' : 'Novo departamento'}</DialogTitle>
          <DialogDescription>
            Departamentos organizam as filas de atendimento, as transferências e os grupos do chat interno.
          </DialogDescription>
        </DialogHeader>
        <form id="departamento-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          {refusal && (
            <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {refusal}
            </p>
          )}
          <Field id="departamento-nome" label="Nome" error={errors.nome}>
            <Input
              id="departamento-nome"
              value={nome}
              onChange={(e) => {
                setNome(e.target.value);
                setErrors(({ nome: _n, ...rest }) => rest);
              }}
              placeholder="Ex.: Vendas"
              autoComplete="off"
              {...describedBy('departamento-nome', errors.nome, false)}
            />
          </Field>
          <MembrosField departamentoId={departamento?.id ?? null} usuarios={usuarios.data} selected={membros} onChange={setMembros} />
          {errors.usuarioIds && (
            <p role="alert" className="text-sm text-destructive">
              {errors.usuarioIds}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="departamento-form" disabled={save.isPending || usuarios.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {departamento ? 'Salvar alterações' : 'Criar departamento'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
