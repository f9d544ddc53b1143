import { Save } from 'lucide-react';
import { useState } from 'react';
import type { TCentral } from '@balcao/shared/documentacao';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { uploadImagem, useDominio, useSaveCentral } from './api';

/** A help centre's settings: name, address, colour, logo, public or not, custom domain with its DNS record. */
export function CentralForm({ central, onSalvo }: { central: TCentral | null; onSalvo: (id: string) => void }) {
  const [nome, setNome] = useState(central?.nome ?? '');
  const [slug, setSlug] = useState(central?.slug ?? '');
  const [cor, setCor] = useState(central?.cor ?? '#2563eb');
  const [logo, setLogo] = useState(central?.logo ?? '');
  const [dominio, setDominio] = useState(central?.dominio ?? '');
  const [publica, setPublica] = useState(central?.publica ?? true);
  const [erros, setErros] = useState<Record<string, string[]>>({});
  const salvar = useSaveCentral();
  const dns = useDominio(central?.id ?? '', !!central?.dominio);
  const erro = (campo: string) =>
    erros[campo]?.map((m) => (
      <p key={m} className="text-sm text-destructive">
        {m}
      </p>
    ));

  return (
    <form
      className="grid gap-4"
      aria-label={central ? `Configurações de ${central.nome}` : 'Nova central de ajuda'}
      onSubmit={(e) => {
        e.preventDefault();
        setErros({});
        salvar.mutate(
          { id: central?.id ?? null, input: { nome, slug, cor, logo: logo || null, dominio: dominio || null, publica } },
          {
            onSuccess: (c) => onSalvo(c.id),
            onError: (err) => {
              if (err instanceof ApiError && err.errors) setErros(err.errors);
              else toast.error('Erro', mensagemHttp(err, 'Não foi possível salvar a central.'));
            },
          },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="central-nome">Nome</Label>
          <Input id="central-nome" value={nome} onChange={(e) => setNome(e.target.value)} required />
          {erro('nome')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="central-slug">Endereço (deixe vazio para criar do nome)</Label>
          <Input id="central-slug" value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="ajuda" />
          {erro('slug')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="central-cor">Cor</Label>
          <div className="flex gap-2">
            <input
              type="color"
              aria-label="Escolher cor"
              value={cor}
              onChange={(e) => setCor(e.target.value)}
              className="h-9 w-12 rounded border"
            />
            <Input id="central-cor" value={cor} onChange={(e) => setCor(e.target.value)} />
          </div>
          {erro('cor')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="central-logo">Logotipo</Label>
          <div className="flex items-center gap-2">
            {logo && <img src={logo} alt="Logotipo atual" className="h-9 w-auto rounded" />}
            <Input
              id="central-logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f)
                  uploadImagem(f).then(setLogo, (err: unknown) =>
                    toast.error('Erro', mensagemHttp(err, 'Não foi possível enviar o logotipo.')),
                  );
              }}
            />
          </div>
          {erro('logo')}
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={publica} onChange={(e) => setPublica(e.target.checked)} /> Pública (visitantes e buscadores veem os
        artigos públicos)
      </label>
      <div className="grid gap-1.5">
        <Label htmlFor="central-dominio">Domínio próprio (opcional)</Label>
        <Input id="central-dominio" value={dominio} onChange={(e) => setDominio(e.target.value)} placeholder="ajuda.suaempresa.com.br" />
        {erro('dominio')}
        {central?.dominio && (
          <div className="rounded-md border bg-muted/40 p-3 text-sm" aria-live="polite">
            {dns.isPending ? (
              'Verificando o DNS…'
            ) : dns.data ? (
              <>
                <p>
                  Crie no DNS do domínio o registro <strong>{dns.data.registro.tipo}</strong> <code>{dns.data.registro.nome}</code> →{' '}
                  <code>{dns.data.registro.valor}</code>.
                </p>
                <p className={dns.data.verificado ? 'text-green-700 dark:text-green-400' : 'text-amber-700 dark:text-amber-400'}>
                  {dns.data.verificado
                    ? 'Domínio verificado: ele já aponta para o Balcão.'
                    : 'Ainda não encontramos esse registro. A propagação pode levar algumas horas.'}
                </p>
                <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void dns.refetch()}>
                  Verificar novamente
                </Button>
              </>
            ) : (
              'Não foi possível verificar o domínio agora.'
            )}
          </div>
        )}
      </div>
      {central && (
        <p className="text-sm text-muted-foreground">
          Endereço público:{' '}
          <a className="underline" href={central.url} target="_blank" rel="noreferrer">
            {central.url}
          </a>
        </p>
      )}
      <div>
        <Button type="submit" disabled={salvar.isPending}>
          <Save aria-hidden /> {salvar.isPending ? 'Salvando…' : 'Salvar central'}
        </Button>
      </div>
    </form>
  );
}
