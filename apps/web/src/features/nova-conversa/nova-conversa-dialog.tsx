import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AvisoConsentimento } from '@/features/consentimento/aviso-consentimento';
import { preencherModelo, type TModeloEscolhido } from '@balcao/shared/mensagens-agendadas';
import { NOVA_CONVERSA_TEXTS as T } from '@balcao/shared/nova-conversa';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { describedBy, Field } from '@/features/config/components/field';
import { ApiError, mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { type TAlvo, useStartConversa, useOpcoes } from './api';
import { AlvoEscolhido, DestinoBusca } from './destino-busca';
import { ModeloCampos } from './modelo-campos';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onAberta: (atendimentoId: string, nova: boolean) => void };

/** 'Nova conversa' in /atendimentos: pick a customer or type a number, write (a template outside the window), start. */
export function NovaConversaDialog({ open, onOpenChange, onAberta }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <NovaConversaForm
          onCancel={() => onOpenChange(false)}
          onAberta={(id, nova) => {
            onOpenChange(false);
            onAberta(id, nova);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function NovaConversaForm({ onCancel, onAberta }: { onCancel: () => void; onAberta: Props['onAberta'] }) {
  const [alvo, setAlvo] = useState<TAlvo | null>(null);
  const [nome, setNome] = useState('');
  const [conteudo, setConteudo] = useState('');
  const [modelo, setModelo] = useState<TModeloEscolhido | null>(null);
  const [canalId, setCanalId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const opcoes = useOpcoes(alvo, canalId);
  const iniciar = useStartConversa();
  const o = opcoes.data;
  const corpo = o?.modelos.find((m) => m.nome === modelo?.nome && m.idioma === modelo.idioma)?.corpo;

  const escolher = (a: TAlvo | null) => {
    setAlvo(a);
    setCanalId(null);
    setModelo(null);
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!alvo) return setErrors({ clienteId: T.clienteVazio });
    if (!o) return;
    if (o.atendimentoAbertoId) return onAberta(o.atendimentoAbertoId, false);
    if (!o.dentroDaJanela && !modelo) return setErrors({ modelo: T.precisaModelo });
    if (modelo?.variaveis.some((v) => !v.trim())) return setErrors({ modelo: T.variaveisVazias });
    const cliente = o.clienteId ? { clienteId: o.clienteId } : { numero: alvo.numero ?? '', nome: nome.trim() || undefined };
    iniciar.mutate(
      {
        ...cliente,
        canalId: o.canalId,
        conteudo: modelo && corpo !== undefined ? preencherModelo(corpo, modelo.variaveis) : conteudo,
        modelo,
      },
      {
        onSuccess: (r) => {
          toast.success('Sucesso', r.existente ? T.existente : T.iniciada);
          onAberta(r.atendimentoId, !r.existente);
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.split('.')[0]!, m[0] ?? ''])));
          toast.error(mensagemHttp(err, T.erro));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <MessageSquarePlus className="size-5 text-primary" aria-hidden />
          {T.titulo}
        </DialogTitle>
        <DialogDescription>{T.descricao}</DialogDescription>
      </DialogHeader>
      {!alvo ? (
        <DestinoBusca onEscolher={escolher} error={errors.clienteId} />
      ) : (
        <AlvoEscolhido alvo={alvo} nome={o?.clienteNome ?? null} onTrocar={() => escolher(null)} />
      )}
      {alvo && opcoes.isPending && (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
      {opcoes.isError && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {opcoes.error.message}
        </p>
      )}
      {o && (
        <>
          {o.canais.length > 1 ? (
            // Every channel that can write first (Cloud API and WhatsApp Web numbers alike), each with its own rules.
            <Field id="nc-canal" label="Pelo canal">
              <NativeSelect
                id="nc-canal"
                value={o.canalId}
                onChange={(e) => {
                  setCanalId(e.target.value);
                  setModelo(null);
                  setErrors({});
                }}
              >
                {o.canais.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.nome} · {c.rotulo}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : (
            <p className="text-xs text-muted-foreground">
              Pelo número <span className="font-medium text-foreground">{o.canalNome}</span>
            </p>
          )}
          {o.atendimentoAbertoId ? (
            <p role="status" className="flex items-center gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
              <MessagesSquare className="size-4 shrink-0 text-primary" aria-hidden />
              {T.existente}
            </p>
          ) : (
            <>
              <AvisoConsentimento resposta={o.consentimentoWhatsApp} />
              {!o.clienteId && (
                <Field id="nc-nome" label="Nome do cliente" hint="Opcional: sem nome, o cliente fica com o número.">
                  <Input id="nc-nome" value={nome} onChange={(e) => setNome(e.target.value)} {...describedBy('nc-nome')} />
                </Field>
              )}
              {o.dentroDaJanela ? (
                <Field id="nc-conteudo" label="Mensagem" error={errors.conteudo}>
                  <textarea
                    id="nc-conteudo"
                    value={conteudo}
                    onChange={(e) => setConteudo(e.target.value)}
                    className="min-h-24 rounded-md border border-input bg-transparent px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30"
                    {...describedBy('nc-conteudo', errors.conteudo, false)}
                  />
                </Field>
              ) : (
                <>
                  <p className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm">{T.precisaModelo}</p>
                  {o.modelos.length === 0 ? (
                    <p role="alert" className="text-sm text-destructive">
                      {o.modelosErro ?? T.semModelos}
                    </p>
                  ) : (
                    <ModeloCampos
                      modelos={o.modelos}
                      valor={modelo}
                      onChange={(m) => {
                        setModelo(m);
                        setErrors({});
                      }}
                      error={errors.modelo}
                    />
                  )}
                </>
              )}
            </>
          )}
        </>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!o || iniciar.isPending || (!o.atendimentoAbertoId && !o.dentroDaJanela && o.modelos.length === 0)}>
          {o?.atendimentoAbertoId ? 'Abrir conversa' : 'Iniciar conversa'}
        </Button>
      </DialogFooter>
    </form>
  );
}
