import { FileCheck2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TAtendimento, TModeloEscolhido } from '@balcao/shared/atendimentos';
import { preencherModelo } from '@balcao/shared/mensagens-agendadas';
import { NOVA_CONVERSA_TEXTS } from '@balcao/shared/nova-conversa';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ModeloCampos } from '@/features/nova-conversa/modelo-campos';
import { mensagemHttp } from '@/lib/http';
import { useModelos } from '../api';
import { sendMensagem } from '../send';
import { COMPOSER_TEXTS } from '../texts';

type Props = { atendimento: TAtendimento; user: TCurrentUser; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The window closed: an approved template of the channel, its variables filled, sent as the attendant's message
 * (the Cloud API's `type: template`); the conversation shows its body as the customer gets it.
 */
export function ModeloDialog({ atendimento, user, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {open && <ModeloForm atendimento={atendimento} user={user} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ModeloForm({ atendimento, user, onDone }: { atendimento: TAtendimento; user: TCurrentUser; onDone: () => void }) {
  const qc = useQueryClient();
  const modelos = useModelos(atendimento.atendimentoId, true);
  const [modelo, setModelo] = useState<TModeloEscolhido | null>(null);
  const [erro, setErro] = useState<string | undefined>();
  const corpo = modelos.data?.find((m) => m.nome === modelo?.nome && m.idioma === modelo.idioma)?.corpo;

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!modelo || corpo === undefined) return setErro(COMPOSER_TEXTS.modeloEscolha);
    if (modelo.variaveis.some((v) => !v.trim())) return setErro(NOVA_CONVERSA_TEXTS.variaveisVazias);
    sendMensagem(qc, atendimento, user, { tipo: 'text', conteudo: preencherModelo(corpo, modelo.variaveis), modelo });
    onDone();
  };

  return (
    <form onSubmit={enviar} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <FileCheck2 className="size-5 text-primary" aria-hidden />
          {COMPOSER_TEXTS.modeloTitulo}
        </DialogTitle>
        <DialogDescription>{COMPOSER_TEXTS.modeloDescricao}</DialogDescription>
      </DialogHeader>
      {modelos.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : modelos.isError || modelos.data.length === 0 ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {modelos.isError ? mensagemHttp(modelos.error, NOVA_CONVERSA_TEXTS.erroModelos) : NOVA_CONVERSA_TEXTS.semModelos}
        </p>
      ) : (
        <ModeloCampos
          modelos={modelos.data}
          valor={modelo}
          onChange={(m) => {
            setModelo(m);
            setErro(undefined);
          }}
          error={erro}
        />
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!modelos.data?.length}>
          {COMPOSER_TEXTS.modeloEnviar}
        </Button>
      </DialogFooter>
    </form>
  );
}
