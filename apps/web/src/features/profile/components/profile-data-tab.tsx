import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { NOME_MAX, PROFILE_TEXTS, type TCurrentUser } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useChangeName } from '../api';
import { PhotoUpload } from './photo-upload';

/** Tab 'Dados': photo, editable name, read-only e-mail. */
export function ProfileDataTab({ user }: { user: TCurrentUser }) {
  const changeName = useChangeName(user.id);
  const [nome, setNome] = useState(user.nome);
  const [error, setError] = useState<string | null>(null);
  const unchanged = nome.trim() === user.nome;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!nome.trim()) {
      setError(PROFILE_TEXTS.nomeVazio);
      return;
    }
    setError(null);
    changeName.mutate(nome, { onSuccess: () => setNome(nome.trim()) });
  };

  return (
    <div className="flex flex-col gap-5">
      <PhotoUpload nome={user.nome} fotoUrl={user.fotoUrl} />

      <form onSubmit={onSubmit} noValidate className="grid gap-2">
        <Label htmlFor="perfil-nome">Nome</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="perfil-nome"
            value={nome}
            maxLength={NOME_MAX}
            autoComplete="name"
            onChange={(e) => {
              setNome(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={!!error}
            aria-describedby={error ? 'perfil-nome-erro' : undefined}
          />
          <Button type="submit" disabled={changeName.isPending || unchanged} className="sm:w-28">
            {changeName.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {changeName.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
        {error && (
          <p id="perfil-nome-erro" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>

      <div className="grid gap-2">
        <Label htmlFor="perfil-email">E-mail</Label>
        <Input
          id="perfil-email"
          type="email"
          value={user.email}
          readOnly
          aria-describedby="perfil-email-dica"
          className="bg-muted/50 text-muted-foreground"
        />
        <p id="perfil-email-dica" className="text-xs text-muted-foreground">
          O e-mail é usado para entrar e não pode ser alterado aqui.
        </p>
      </div>
    </div>
  );
}
