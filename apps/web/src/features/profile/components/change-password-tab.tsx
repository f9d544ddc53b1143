import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@balcao/shared/auth';
import { PROFILE_TEXTS, validatePasswordChange } from '@balcao/shared/usuarios';
import { FormError } from '@/features/auth/components/auth-card';
import { PasswordInput } from '@/features/auth/components/password-input';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useChangePassword } from '../api';

const EMPTY = { atual: '', nova: '', confirmacao: '' };
type Field = keyof typeof EMPTY;

const FIELDS: { key: Field; label: string; autoComplete: string; hint?: string }[] = [
  { key: 'atual', label: 'Senha atual', autoComplete: 'current-password' },
  { key: 'nova', label: 'Nova senha', autoComplete: 'new-password', hint: `Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.` },
  { key: 'confirmacao', label: 'Confirmar nova senha', autoComplete: 'new-password' },
];

/** Which fields the form's message is about, so they are marked invalid. */
function invalidFields(message: string | null, values: typeof EMPTY): Field[] {
  if (!message) return [];
  if (message === PROFILE_TEXTS.senhaCampos) return FIELDS.map((f) => f.key).filter((k) => !values[k]);
  if (message === PROFILE_TEXTS.senhaDiferentes) return ['confirmacao'];
  return ['nova'];
}

/** Tab 'Alterar Senha': current, new and confirmation, all required; the server checks the current one. */
export function ChangePasswordTab({ userId }: { userId: string }) {
  const changePassword = useChangePassword(userId);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const invalid = invalidFields(error, values);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const message = validatePasswordChange(values.atual, values.nova, values.confirmacao, PASSWORD_MIN_LENGTH);
    setError(message);
    if (message) return;
    changePassword.mutate({ SenhaAtual: values.atual, NovaSenha: values.nova }, { onSuccess: () => setValues(EMPTY) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {FIELDS.map(({ key, label, autoComplete, hint }) => {
        return (
          <div key={key} className="grid gap-2">
            <Label htmlFor={`perfil-senha-${key}`}>{label}</Label>
            <PasswordInput
              id={`perfil-senha-${key}`}
              value={values[key]}
              required
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete={autoComplete}
              aria-invalid={invalid.includes(key)}
              aria-describedby={hint ? `perfil-senha-${key}-dica` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            />
            {hint && (
              <p id={`perfil-senha-${key}-dica`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            )}
          </div>
        );
      })}
      <FormError message={error} />
      <Button type="submit" disabled={changePassword.isPending} className="w-full sm:w-auto sm:self-end">
        {changePassword.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {changePassword.isPending ? 'Salvando...' : 'Alterar senha'}
      </Button>
    </form>
  );
}
