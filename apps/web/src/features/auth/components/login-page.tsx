import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { STORAGE_KEYS, ZLoginInput, type TLoginInput } from '@balcao/shared/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { afterLoginTarget } from '@/app/guards';
import { errorMessage } from '@/lib/http';
import { useCurrentUser, useLogin } from '../api';
import { AuthCard, FieldError, FormError } from './auth-card';
import { PasswordInput } from './password-input';

export default function LoginPage() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const login = useLogin();
  const form = useForm<TLoginInput>({ resolver: zodResolver(ZLoginInput), defaultValues: { email: '', senha: '' } });
  const { errors } = form.formState;

  if (user && !login.isPending) return <Navigate to={afterLoginTarget(sessionStorage.getItem(STORAGE_KEYS.redirectTo), user.role)} replace />;

  const onSubmit = form.handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: ({ user: u }) => {
        const target = afterLoginTarget(sessionStorage.getItem(STORAGE_KEYS.redirectTo), u.role);
        sessionStorage.removeItem(STORAGE_KEYS.redirectTo);
        navigate(target, { replace: true });
      },
    }),
  );

  return (
    <AuthCard title="Entrar" description="Acesse sua conta para atender seus clientes.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={login.isError ? errorMessage(login.error, 'Não foi possível entrar. Tente novamente.') : null} />
        <div className="grid gap-2">
          <Label htmlFor="email">E-mail</Label>
          <Input id="email" type="email" autoComplete="username" autoFocus placeholder="voce@empresa.com.br" aria-invalid={!!errors.email} aria-describedby={errors.email ? 'email-erro' : undefined} {...form.register('email')} />
          <FieldError id="email-erro" message={errors.email?.message} />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="senha">Senha</Label>
            <Link to="/resetar-senha" className="text-sm text-primary underline-offset-4 hover:underline">Esqueci minha senha</Link>
          </div>
          <PasswordInput id="senha" autoComplete="current-password" aria-invalid={!!errors.senha} aria-describedby={errors.senha ? 'senha-erro' : undefined} {...form.register('senha')} />
          <FieldError id="senha-erro" message={errors.senha?.message} />
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {login.isPending ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
    </AuthCard>
  );
}
