import { Loader2, RefreshCw } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent } from 'react';
import type { TCanalWhatsApp } from '@balcao/shared/canais';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDepartamentos } from '@/features/departamentos/api';
import { serverFieldErrors } from '../canal-form';
import { useSaveWhatsApp } from '../whatsapp-api';
import { emptyWhatsApp, newVerifyToken, prepareWhatsApp, whatsappToForm, type TWhatsAppForm } from '../whatsapp-form';
import { Field, FormSection, describedBy } from './field';
import { SwitchRow } from './switch-row';

type TextKey = 'nome' | 'phoneNumberId' | 'wabaId' | 'accessToken' | 'appSecret' | 'verifyToken';

/** Connect (canal null) or edit a WhatsApp Cloud API number. The secrets are typed, never shown back. */
export function WhatsAppFormDialog({ canal, onClose }: { canal: TCanalWhatsApp | null; onClose: () => void }) {
  const editing = canal !== null;
  const [values, setValues] = useState<TWhatsAppForm>(() =>
    canal ? whatsappToForm(canal) : { ...emptyWhatsApp(), verifyToken: newVerifyToken() },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const departamentos = useDepartamentos();
  const save = useSaveWhatsApp();

  const set = <K extends keyof TWhatsAppForm>(k: K, v: TWhatsAppForm[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('#whatsapp-form [aria-invalid="true"]')?.focus());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors: found } = prepareWhatsApp(values, editing, departamentos.data?.map((d) => d.id) ?? null);
    showErrors(found);
    if (!data) return;
    save.mutate(
      { id: canal?.id ?? null, input: data },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = err instanceof ApiError ? serverFieldErrors(err.errors) : {};
          if (Object.keys(fields).length) showErrors(fields);
          else toast.error(errorMessage(err, 'Não foi possível salvar o número.'));
        },
      },
    );
  };

  const text = (k: TextKey, label: string, hint: string, extra: ComponentProps<typeof Input> = {}) => (
    <Field id={`wa-${k}`} label={label} hint={hint} error={errors[k]}>
      <Input
        id={`wa-${k}`}
        value={values[k]}
        onChange={(e) => set(k, e.target.value)}
        autoComplete="off"
        spellCheck={false}
        {...describedBy(`wa-${k}`, errors[k])}
        {...extra}
      />
    </Field>
  );
  const segredoHint = (definido: string) =>
    editing ? `Deixe em branco para manter o atual (${definido}).` : 'Fica guardado criptografado e nunca é exibido de novo.';

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="gap-6 sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar número do WhatsApp' : 'Conectar número do WhatsApp'}</DialogTitle>
          <DialogDescription>
            WhatsApp Business Cloud API (oficial do Meta). Os dados ficam em developers.facebook.com, no seu app, em WhatsApp → Configuração
            da API.
          </DialogDescription>
        </DialogHeader>
        <form id="whatsapp-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormSection title="Número">
            {text('nome', 'Nome', 'Como o número aparece em Atendimentos (ex.: Loja Centro).')}
            <div className="grid gap-4 sm:grid-cols-2">
              {text('phoneNumberId', 'Phone number ID', 'Identificação do número de telefone.', { inputMode: 'numeric' })}
              {text('wabaId', 'WhatsApp Business Account ID', 'Identificação da conta do WhatsApp Business.', { inputMode: 'numeric' })}
            </div>
          </FormSection>
          <FormSection title="Credenciais">
            {text('accessToken', 'Token de acesso', segredoHint(canal?.accessTokenMascarado ?? ''), {
              type: 'password',
              placeholder: editing ? canal.accessTokenMascarado : 'EAAG...',
            })}
            {text('appSecret', 'Chave secreta do app (App Secret)', segredoHint('••••'), {
              type: 'password',
              placeholder: editing ? '••••••••' : undefined,
            })}
            {text('verifyToken', 'Token de verificação do webhook', 'Cole o mesmo valor no campo "Verificar token" do webhook no Meta.', {
              // Monospaced: Inter draws an x between digits as ×, and this value is copied by eye.
              className: 'font-mono',
            })}
            <div className="-mt-2">
              <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => set('verifyToken', newVerifyToken())}>
                <RefreshCw aria-hidden /> Gerar outro token de verificação
              </Button>
            </div>
          </FormSection>
          <FormSection title="Atendimento">
            <Field
              id="wa-departamento"
              label="Departamento que recebe as novas conversas"
              hint="Sem departamento, a conversa entra na fila geral."
              error={errors.departamentoPadraoId}
            >
              <NativeSelect
                id="wa-departamento"
                value={values.departamentoPadraoId ?? ''}
                onChange={(e) => set('departamentoPadraoId', e.target.value || null)}
                disabled={!departamentos.data}
                {...describedBy('wa-departamento', errors.departamentoPadraoId)}
              >
                <option value="">Fila geral (sem departamento)</option>
                {departamentos.data?.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.nome}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <SwitchRow
              label="Número ativo"
              description="Desligue para pausar o número no Balcão; ative de novo quando quiser."
              checked={values.ativo}
              onCheckedChange={(v) => set('ativo', v)}
            />
          </FormSection>
        </form>
        <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-background px-6 py-4">
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="whatsapp-form" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {editing ? 'Salvar alterações' : 'Conectar número'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
