import { useMemo, useState } from 'react';
import { Building2, Check, UserRound } from 'lucide-react';
import type { TAtendimento, TTransferir } from '@balcao/shared/atendimentos';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useDepartamentos } from '@/features/departamentos/api';
import { useAtendentes } from '../api';
import { TRANSFER_TEXTS } from '../texts';
import { EmptyState } from './empty-state';

type TAba = 'atendente' | 'departamento';
type TOpcao = { id: string; nome: string; detalhe: string | null; online?: boolean; fotoUrl?: string | null; atual: boolean };

/** Transferir: to an attendant (stays em atendimento, his) or to a department (back to its queue). */
export function TransferDialog({
  atendimento,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  atendimento: TAtendimento;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  pending: boolean;
  onConfirm: (d: TTransferir) => void;
}) {
  const [aba, setAba] = useState<TAba>('atendente');
  const [escolha, setEscolha] = useState<{ aba: TAba; id: string } | null>(null);
  const [busca, setBusca] = useState('');
  const atendentes = useAtendentes(open);
  const departamentos = useDepartamentos(open);

  const opcoes = useMemo(() => {
    const q = busca.trim().toLowerCase();
    const match = (o: TOpcao) => !q || o.nome.toLowerCase().includes(q) || Boolean(o.detalhe?.toLowerCase().includes(q));
    const porAtendente: TOpcao[] = (atendentes.data ?? [])
      .map((a) => ({
        id: a.id,
        nome: a.nome,
        detalhe: a.departamentoNome,
        online: a.online,
        fotoUrl: a.fotoUrl,
        atual: a.id === atendimento.atendenteId,
      }))
      .sort((a, b) => Number(b.online) - Number(a.online) || a.nome.localeCompare(b.nome, 'pt-BR'));
    const porDepartamento: TOpcao[] = (departamentos.data ?? []).map((d) => ({
      id: d.id,
      nome: d.nome,
      detalhe: TRANSFER_TEXTS.membros(d.membros),
      atual: d.id === atendimento.departamentoId,
    }));
    return { atendente: porAtendente.filter(match), departamento: porDepartamento.filter(match) };
  }, [atendentes.data, departamentos.data, busca, atendimento.atendenteId, atendimento.departamentoId]);

  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setEscolha(null);
      setBusca('');
    }
  };
  const confirmar = () => escolha && onConfirm(escolha.aba === 'atendente' ? { atendenteId: escolha.id } : { departamentoId: escolha.id });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="gap-3 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{TRANSFER_TEXTS.titulo}</DialogTitle>
          <DialogDescription>{TRANSFER_TEXTS.descricao}</DialogDescription>
        </DialogHeader>
        <Tabs value={aba} onValueChange={(v) => setAba(v as TAba)}>
          <TabsList className="w-full">
            <TabsTrigger value="atendente">
              <UserRound />
              {TRANSFER_TEXTS.atendente}
            </TabsTrigger>
            <TabsTrigger value="departamento">
              <Building2 />
              {TRANSFER_TEXTS.departamento}
            </TabsTrigger>
          </TabsList>
          <Input
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
            placeholder={aba === 'atendente' ? TRANSFER_TEXTS.buscarAtendente : TRANSFER_TEXTS.buscarDepartamento}
            aria-label={aba === 'atendente' ? TRANSFER_TEXTS.buscarAtendente : TRANSFER_TEXTS.buscarDepartamento}
            className="h-8"
          />
          {(['atendente', 'departamento'] as const).map((a) => (
            <TabsContent key={a} value={a}>
              <Lista
                aba={a}
                opcoes={opcoes[a]}
                loading={a === 'atendente' ? atendentes.isPending : departamentos.isPending}
                escolhido={escolha?.aba === a ? escolha.id : null}
                onEscolher={(id) => setEscolha({ aba: a, id })}
              />
            </TabsContent>
          ))}
        </Tabs>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {TRANSFER_TEXTS.cancelar}
          </Button>
          <Button onClick={confirmar} disabled={!escolha || pending}>
            {pending ? TRANSFER_TEXTS.transferindo : TRANSFER_TEXTS.confirmar}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Lista({
  aba,
  opcoes,
  loading,
  escolhido,
  onEscolher,
}: {
  aba: TAba;
  opcoes: TOpcao[];
  loading: boolean;
  escolhido: string | null;
  onEscolher: (id: string) => void;
}) {
  // One fixed height for both tabs and every state, so the dialog does not jump.
  const box = 'h-64 overflow-y-auto';
  if (loading)
    return (
      <div className={cn(box, 'flex flex-col gap-2 py-1')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  if (opcoes.length === 0) {
    return (
      <EmptyState
        className={box}
        icon={aba === 'atendente' ? UserRound : Building2}
        title={aba === 'atendente' ? TRANSFER_TEXTS.nenhumAtendente : TRANSFER_TEXTS.nenhumDepartamento}
      />
    );
  }
  return (
    <div
      role="radiogroup"
      aria-label={aba === 'atendente' ? TRANSFER_TEXTS.atendente : TRANSFER_TEXTS.departamento}
      className={cn(box, 'flex flex-col gap-0.5')}
    >
      {opcoes.map((o) => (
        <label
          key={o.id}
          className={cn(
            'relative flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/60 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
            escolhido === o.id && 'bg-accent',
          )}
        >
          <input
            type="radio"
            name={`transferir-${aba}`}
            value={o.id}
            checked={escolhido === o.id}
            disabled={o.atual}
            onChange={() => onEscolher(o.id)}
            className="sr-only"
          />
          {aba === 'atendente' ? (
            <span className="relative shrink-0">
              <UserAvatar nome={o.nome} fotoUrl={o.fotoUrl} className="size-8" />
              <span
                role="img"
                className={cn(
                  'absolute -bottom-0.5 -right-0.5 size-2.5 rounded-full ring-2 ring-background',
                  o.online ? 'bg-emerald-500' : 'bg-muted-foreground/50',
                )}
                aria-label={o.online ? TRANSFER_TEXTS.online : TRANSFER_TEXTS.offline}
              />
            </span>
          ) : (
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Building2 className="size-4" />
            </span>
          )}
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium">
              {o.nome}
              {o.atual && <span className="ml-1 text-xs font-normal text-muted-foreground">({TRANSFER_TEXTS.atual})</span>}
            </span>
            {o.detalhe && <span className="truncate text-xs text-muted-foreground">{o.detalhe}</span>}
          </span>
          {escolhido === o.id && <Check className="size-4 text-primary" aria-hidden />}
        </label>
      ))}
    </div>
  );
}
