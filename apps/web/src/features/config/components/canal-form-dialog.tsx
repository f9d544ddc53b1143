import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TCanal, TCanalWidgetInput } from '@balcao/shared/canais';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDepartamentos } from '@/features/departamentos/api';
import { useSaveCanal } from '../api';
import { addOrigem, canalToForm, emptyCanal, prepareCanal, serverFieldErrors } from '../canal-form';
import { CanalAppearanceFields } from './canal-appearance-fields';
import { CanalCentralField } from './canal-central-field';
import { CanalRoutingFields } from './canal-routing-fields';
import { FormSection } from './field';
import { OrigensField } from './origens-field';
import { SwitchRow } from './switch-row';

/** Create (canal null) or edit a website chat channel. Mounted per opening, so each one starts clean. */
export function CanalFormDialog({ canal, onClose }: { canal: TCanal | null; onClose: () => void }) {
  const [values, setValues] = useState<TCanalWidgetInput>(() => (canal ? canalToForm(canal) : emptyCanal()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draftOrigem, setDraftOrigem] = useState('');
  const departamentos = useDepartamentos();
  const save = useSaveCanal();

  const set = <K extends keyof TCanalWidgetInput>(key: K, value: TCanalWidgetInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  // The dialog scrolls: take the user to the first field that needs him.
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('#canal-form [aria-invalid="true"]')?.focus());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    let next = values;
    // A site typed but not added yet is what the user meant: add it rather than drop it silently.
    if (draftOrigem.trim()) {
      const added = addOrigem(values.origensPermitidas, draftOrigem);
      if (added.error !== null) return showErrors({ origensPermitidas: added.error });
      next = { ...values, origensPermitidas: added.list };
      setValues(next);
      setDraftOrigem('');
    }
    const { data, errors: found } = prepareCanal(next, departamentos.data?.map((d) => d.id) ?? null);
    showErrors(found);
    if (!data) return;
    save.mutate(
      { id: canal?.id ?? null, input: data },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = err instanceof ApiError ? serverFieldErrors(err.errors) : {};
          if (Object.keys(fields).length) showErrors(fields);
          else toast.error(errorMessage(err, 'Não foi possível salvar o canal.'));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-6 sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{canal ? 'Editar canal' : 'Novo canal de chat'}</DialogTitle>
          <DialogDescription>Um chat para o seu site: as conversas chegam em Atendimentos.</DialogDescription>
        </DialogHeader>
        <form id="canal-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormSection title="Aparência">
            <CanalAppearanceFields values={values} errors={errors} set={set} />
          </FormSection>
          <FormSection title="Início da conversa">
            <CanalRoutingFields
              values={values}
              errors={errors}
              set={set}
              departamentos={departamentos.data}
              loadFailed={departamentos.isError}
            />
            <CanalCentralField value={values.centralId} error={errors.centralId} onChange={(id) => set('centralId', id)} />
          </FormSection>
          <FormSection title="Segurança">
            <OrigensField
              value={values.origensPermitidas}
              onChange={(list) => set('origensPermitidas', list)}
              error={errors.origensPermitidas}
              draft={draftOrigem}
              onDraftChange={setDraftOrigem}
            />
            <SwitchRow
              label="Verificar identidade (HMAC)"
              description="Para sites com login: o chat só aceita o visitante se o seu servidor assinar o identificador dele com o segredo do canal."
              checked={values.verificarIdentidade}
              onCheckedChange={(v) => set('verificarIdentidade', v)}
            />
            <SwitchRow
              label="Canal ativo"
              description="Desligado, o chat não aparece nos sites."
              checked={values.ativo}
              onCheckedChange={(v) => set('ativo', v)}
            />
          </FormSection>
        </form>
        {/* Pinned to the dialog's bottom edge: the form is longer than a laptop screen and Save stays in reach. */}
        <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-background px-6 py-4">
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="canal-form" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {canal ? 'Salvar alterações' : 'Criar canal'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
