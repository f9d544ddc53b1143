import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PROFILE_TEXTS } from '@balcao/shared/usuarios';
import { TEXTS, ZForgotPasswordInput, ZPassword } from '@balcao/shared/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useForgotPassword, useResetPassword } from '../api';
import { AuthCard, FieldError, FormError } from './auth-card';
import { PasswordInput } from './password-input';

const ZNewPassword = z
  .object({ senha: ZPassword, confirmacao: z.string().min(1, 'Confirme a nova senha.') })
  .refine((v) => v.senha === v.confirmacao, { path: ['confirmacao'], message: PROFILE_TEXTS.senhaDiferentes });

/** /resetar-senha: ask for a link by e-mail, or (with ?token=) choose the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} convite={params.has('convite')} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [err, setErr] = useState<string | undefined>();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors } = fieldErrors(ZForgotPasswordInput, { email });
    setErr(errors.email);
    if (data) forgot.mutate(data.email);
  };
  if (forgot.isSuccess) {
    return (
      <AuthCard title="Verifique seu e-mail">
        <div className="flex flex-col gap-4">
          <p className="flex gap-2 text-sm">
            <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden />
            {TEXTS.resetRequested}
          </p>
          <p className="text-sm text-muted-foreground">O link vale por 1 hora e pode ser usado uma única vez.</p>
          <Button asChild variant="outline">
            <Link to="/login">Voltar para o login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Redefinir senha" description="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormError message={forgot.isError ? errorMessage(forgot.error, 'Não foi possível enviar o link. Tente novamente.') : null} />
        <div className="grid gap-2">
          <Label htmlFor="email">E-mail</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            aria-invalid={!!err}
            aria-describedby={err ? 'email-erro' : undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError id="email-erro" message={err} />
        </div>
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Enviar link
        </Button>
        <Link to="/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
          Voltar para o login
        </Link>
      </form>
    </AuthCard>
  );
}

/** A new password from an e-mailed link; `convite`: the first one of a user an administrator has just created. */
function NewPasswordForm({ token, convite }: { token: string; convite: boolean }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [values, setValues] = useState({ senha: '', confirmacao: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { data, errors: errs } = fieldErrors(ZNewPassword, values);
    setErrors(errs);
    if (!data) return;
    reset.mutate(
      { token, senha: data.senha },
      {
        onSuccess: ({ message }) => {
          toast.success('Sucesso', message);
          navigate('/login', { replace: true });
        },
      },
    );
  };
  const bind = (name: 'senha' | 'confirmacao') => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${name}-erro` : undefined,
  });
  return (
    <AuthCard
      title={convite ? 'Criar sua senha' : 'Criar nova senha'}
      description={
        convite
          ? 'Bem-vindo ao Balcão! Escolha uma senha com pelo menos 8 caracteres para entrar.'
          : 'Escolha uma senha com pelo menos 8 caracteres.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormError message={reset.isError ? errorMessage(reset.error, TEXTS.resetInvalid) : null} />
        <div className="grid gap-2">
          <Label htmlFor="senha">Nova senha</Label>
          <PasswordInput id="senha" autoComplete="new-password" autoFocus {...bind('senha')} />
          <FieldError id="senha-erro" message={errors.senha} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="confirmacao">Confirme a nova senha</Label>
          <PasswordInput id="confirmacao" autoComplete="new-password" {...bind('confirmacao')} />
          <FieldError id="confirmacao-erro" message={errors.confirmacao} />
        </div>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {convite ? 'Criar senha e continuar' : 'Salvar nova senha'}
        </Button>
        {reset.isError && (
          <Link to="/resetar-senha" className="text-center text-sm text-primary underline-offset-4 hover:underline">
            Pedir um novo link
          </Link>
        )}
      </form>
    </AuthCard>
  );
}
