import { Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { STORAGE_KEYS, ZLoginInput } from '@balcao/shared/auth';
import type { TRole } from '@balcao/shared/roles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { afterLoginTarget } from '@/app/guards';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/http';
import { settleLogout } from '@/lib/session-store';
import { useCurrentUser, useLogin } from '../api';
import { AuthCard, FieldError, FormError } from './auth-card';
import { PasswordInput } from './password-input';

/**
 * Spec part 1 §2: after login, the remembered page (redirectTo) unless it is /login, else the role's home. The target
 * is read once and the key removed only after, so no later render can send the browser on to another page.
 */
function AfterLogin({ role }: { role: TRole }) {
  const [target] = useState(() => afterLoginTarget(sessionStorage.getItem(STORAGE_KEYS.redirectTo), role));
  useEffect(() => sessionStorage.removeItem(STORAGE_KEYS.redirectTo), []);
  return <Navigate to={target} replace />;
}

export default function LoginPage() {
  const { user } = useCurrentUser();
  const login = useLogin();
  const [values, setValues] = useState({ email: '', senha: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => settleLogout(), []);

  if (user && !login.isPending) return <AfterLogin role={user.role} />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors: errs } = fieldErrors(ZLoginInput, values);
    setErrors(errs);
    if (!data) return;
    // Success stores the user and the token; the render above then takes the browser where it was going.
    login.mutate(data);
  };
  const field = (name: 'email' | 'senha') => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${name}-erro` : undefined,
  });

  return (
    <AuthCard title="Entrar" description="Acesse sua conta para atender seus clientes.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={login.isError ? errorMessage(login.error, 'Não foi possível entrar. Tente novamente.') : null} />
        <div className="grid gap-2">
          <Label htmlFor="email">E-mail</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            placeholder="voce@empresa.com.br"
            {...field('email')}
          />
          <FieldError id="email-erro" message={errors.email} />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="senha">Senha</Label>
            <Link to="/resetar-senha" className="text-sm text-primary underline-offset-4 hover:underline">
              Esqueci minha senha
            </Link>
          </div>
          <PasswordInput id="senha" name="senha" autoComplete="current-password" {...field('senha')} />
          <FieldError id="senha-erro" message={errors.senha} />
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {login.isPending ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
    </AuthCard>
  );
}
