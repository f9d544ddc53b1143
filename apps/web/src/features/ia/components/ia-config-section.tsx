import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CircleAlert, CircleCheck, FlaskConical, Sparkles } from 'lucide-react';
import type { TIaConfig, TIaConfigInput, TIaTeste } from '@balcao/shared/ia';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { SwitchRow } from '@/features/config/components/switch-row';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useIaConfig, useSaveIaConfig, useTestIa } from '../api';
import { IA_CONFIG_TEXTS as T } from '../texts';
import { IaUsoTable } from './ia-uso-table';

type Form = {
  baseUrl: string;
  modelo: string;
  modeloTranscricao: string;
  chave: string;
  ocultarDadosPessoais: boolean;
  transcreverAutomatico: boolean;
};
const formDe = (c: TIaConfig): Form => ({
  baseUrl: c.baseUrl ?? '',
  modelo: c.modelo ?? '',
  modeloTranscricao: c.modeloTranscricao ?? '',
  chave: '',
  ocultarDadosPessoais: c.ocultarDadosPessoais,
  transcreverAutomatico: c.transcreverAutomatico,
});

const MODELOS = [
  { campo: 'modelo', label: T.modelo, exemplo: 'gpt-4o-mini' },
  { campo: 'modeloTranscricao', label: T.modeloTranscricao, exemplo: 'whisper-1' },
] as const;

/** Configurações › Integrações › Assistente de IA (admin and master): the account's provider, privacy, usage. */
export function IaConfigSection() {
  const cfg = useIaConfig();
  return (
    <section id="assistente-ia" className="flex flex-col gap-4 rounded-xl border p-5" aria-labelledby="assistente-ia-titulo">
      <div className="grid gap-1">
        <h3 id="assistente-ia-titulo" className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden /> {T.titulo}
        </h3>
        <p className="max-w-prose text-sm text-muted-foreground">{T.descricao}</p>
      </div>
      {cfg.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : cfg.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {T.erroCarregar}
        </p>
      ) : (
        <ConfigForm cfg={cfg.data} />
      )}
    </section>
  );
}

function ConfigForm({ cfg }: { cfg: TIaConfig }) {
  const [f, setF] = useState<Form>(() => formDe(cfg));
  const salvar = useSaveIaConfig();
  const testar = useTestIa();
  const [teste, setTeste] = useState<TIaTeste | null>(null);
  useEffect(() => setF(formDe(cfg)), [cfg]);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }));

  const enviar = (body: TIaConfigInput) =>
    salvar.mutate(body, { onSuccess: () => toast.success(T.salvo), onError: (err) => toast.error(errorMessage(err, T.erroSalvar)) });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { chave, ...resto } = f;
    enviar({ ...resto, ...(chave.trim() ? { chave: chave.trim() } : {}) });
  };
  const onTestar = () =>
    testar.mutate(undefined, {
      onSuccess: setTeste,
      onError: (err) => setTeste({ ok: false, mensagem: errorMessage(err, T.erroCarregar) }),
    });

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit}>
      {!cfg.licenciado && (
        <p className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          <CircleAlert className="size-4 text-amber-600" aria-hidden /> {T.semLicenca}
          <Link to="/licenca" className="font-medium text-primary underline-offset-2 hover:underline">
            {T.irParaLicenca}
          </Link>
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Campo id="ia-base" label={T.baseUrl} dica={`${T.baseUrlDica} ${T.padrao(cfg.padrao.baseUrl)}`}>
          <Input
            id="ia-base"
            type="url"
            value={f.baseUrl}
            onChange={(e) => set('baseUrl', e.target.value)}
            placeholder={cfg.padrao.baseUrl ?? 'https://api.openai.com/v1'}
          />
        </Campo>
        <Campo id="ia-chave" label={T.chave} dica={cfg.chaveMascarada ? T.chaveAtual(cfg.chaveMascarada) : T.chaveNenhuma}>
          <div className="flex gap-2">
            <Input
              id="ia-chave"
              type="password"
              autoComplete="off"
              value={f.chave}
              onChange={(e) => set('chave', e.target.value)}
              placeholder={cfg.chaveMascarada ?? 'sk-…'}
            />
            {cfg.chaveMascarada && (
              <Button type="button" variant="outline" onClick={() => enviar({ chave: '' })}>
                {T.removerChave}
              </Button>
            )}
          </div>
        </Campo>
        {MODELOS.map(({ campo, label, exemplo }) => (
          <Campo key={campo} id={`ia-${campo}`} label={label} dica={T.padrao(cfg.padrao[campo])}>
            <Input
              id={`ia-${campo}`}
              value={f[campo]}
              onChange={(e) => set(campo, e.target.value)}
              placeholder={cfg.padrao[campo] ?? exemplo}
            />
          </Campo>
        ))}
      </div>
      <SwitchRow
        label={T.ocultar}
        description={T.ocultarDica}
        checked={f.ocultarDadosPessoais}
        onCheckedChange={(v) => set('ocultarDadosPessoais', v)}
      />
      <SwitchRow
        label={T.automatico}
        description={T.automaticoDica}
        checked={f.transcreverAutomatico}
        onCheckedChange={(v) => set('transcreverAutomatico', v)}
      />
      <p className="rounded-md bg-muted/50 px-3 py-2 text-xs text-muted-foreground">{T.oQueEnvia}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={salvar.isPending}>
          {T.salvar}
        </Button>
        <Button type="button" variant="outline" onClick={onTestar} disabled={testar.isPending || !cfg.configurado}>
          <FlaskConical /> {testar.isPending ? T.testando : T.testar}
        </Button>
      </div>
      {teste && (
        <p
          role="status"
          className={`flex items-start gap-2 text-sm ${teste.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
        >
          {teste.ok ? (
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          {teste.mensagem}
        </p>
      )}
      <IaUsoTable />
    </form>
  );
}

function Campo({ id, label, dica, children }: { id: string; label: string; dica: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <p className="text-xs text-muted-foreground">{dica}</p>
    </div>
  );
}
