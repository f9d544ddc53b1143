import { useState } from 'react';
import { BellOff } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICACAO_EVENTOS, type TNotificacaoEvento, type TNotificacaoPreferencias } from '@balcao/shared/notificacoes';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { getPreferencias, putPreferencias } from './api';
import { playSom } from './alertas';
import { setPreferencias } from './eventos';
import { askPermissao } from './pwa';

const KEY = ['notificacoes', 'preferencias'] as const;

const CANAIS: { campo: 'som' | 'navegador' | 'push' | 'mostrarPrevia'; rotulo: string; ajuda: string }[] = [
  { campo: 'som', rotulo: 'Som', ajuda: 'Um toque curto quando algo chega para você.' },
  { campo: 'navegador', rotulo: 'Notificações do navegador', ajuda: 'Enquanto a aba do Balcão está em segundo plano.' },
  { campo: 'push', rotulo: 'Notificações push', ajuda: 'No celular ou no computador, mesmo com o Balcão fechado.' },
  { campo: 'mostrarPrevia', rotulo: 'Mostrar prévia da mensagem', ajuda: 'Desligado, a notificação diz só de quem é.' },
];

const EVENTOS: Record<TNotificacaoEvento, string> = {
  novaConversa: 'Novo atendimento na fila',
  mensagem: 'Nova mensagem nos meus atendimentos',
  transferencia: 'Atendimento transferido para mim',
  chatInterno: 'Mensagens do chat interno',
  mencao: 'Menções (@nome)',
};

function Opcao({
  id,
  rotulo,
  ajuda,
  checked,
  onChange,
}: {
  id: string;
  rotulo: string;
  ajuda?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 py-1.5">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="flex flex-col">
        <span className="text-sm font-medium">{rotulo}</span>
        {ajuda ? <span className="text-muted-foreground text-xs">{ajuda}</span> : null}
      </span>
    </label>
  );
}

type TPermissao = NotificationPermission | 'indisponivel';
const permissaoAtual = (): TPermissao => (typeof Notification === 'undefined' ? 'indisponivel' : Notification.permission);

/**
 * What this browser allows, beside the switches kept on the server: a switch on while the browser blocks
 * notifications would promise what never comes. Not yet asked: a button asks (a click, a moment that makes sense).
 */
function PermissaoDoNavegador() {
  const [permissao, setPermissao] = useState(permissaoAtual);
  if (permissao === 'granted') return null;
  if (permissao === 'default')
    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-1 self-start"
        onClick={() => void askPermissao().finally(() => setPermissao(permissaoAtual()))}
      >
        Permitir notificações neste navegador
      </Button>
    );
  return (
    <p className="mt-1 flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
      <BellOff className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {permissao === 'denied'
        ? 'Este navegador bloqueou as notificações do Balcão. Libere-as nas permissões do site (o ícone ao lado do endereço).'
        : 'Este navegador não mostra notificações. No celular, instale o Balcão na tela inicial.'}
    </p>
  );
}

/** 'Notificações' in 'Meu perfil': each switch is saved on the server at once (it follows the user to other browsers). */
export function PreferenciasTab() {
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: getPreferencias });
  const salvar = useMutation({
    mutationFn: putPreferencias,
    onSuccess: (p: TNotificacaoPreferencias) => {
      qc.setQueryData(KEY, p);
      setPreferencias(p);
    },
    onError: (err) => toast.error('Erro ao salvar as notificações', errorMessage(err, 'Tente novamente em instantes.')),
  });
  if (!data)
    return (
      <div role="status" aria-busy="true" aria-label="Carregando notificações" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  return (
    <div className="flex flex-col gap-4" data-testid="preferencias-notificacao">
      <fieldset className="flex flex-col">
        <legend className="mb-1 text-sm font-semibold">Como avisar</legend>
        {CANAIS.map((c) => (
          <div key={c.campo} className="flex items-start justify-between gap-2">
            <Opcao
              id={`notif-${c.campo}`}
              rotulo={c.rotulo}
              ajuda={c.ajuda}
              checked={data[c.campo]}
              onChange={(v) => {
                if (v && (c.campo === 'navegador' || c.campo === 'push')) void askPermissao();
                salvar.mutate({ [c.campo]: v });
              }}
            />
            {c.campo === 'som' ? (
              <Button type="button" variant="ghost" size="sm" aria-label="Ouvir o som" onClick={playSom}>
                Ouvir
              </Button>
            ) : null}
          </div>
        ))}
        {data.navegador || data.push ? <PermissaoDoNavegador /> : null}
      </fieldset>
      <fieldset className="flex flex-col">
        <legend className="mb-1 text-sm font-semibold">Avisar sobre</legend>
        {NOTIFICACAO_EVENTOS.map((e) => (
          <Opcao
            key={e}
            id={`notif-evento-${e}`}
            rotulo={EVENTOS[e]}
            checked={data.eventos[e]}
            onChange={(v) => salvar.mutate({ eventos: { [e]: v } })}
          />
        ))}
      </fieldset>
    </div>
  );
}
