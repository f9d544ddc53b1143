import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { NativeSelect } from '@/components/ui/native-select';
import { useDepartamentos } from '@/features/departamentos/api';
import { useCanaisComMenu, useMenu } from './api';
import { HorariosSection } from './horarios-section';
import { MenuForm } from './menu-form';

/**
 * Configurações › Atendimento automático: business hours and away message (the account's, or a department's own),
 * and each channel's welcome menu (every kind of channel: Cloud API, WhatsApp Web, site chat).
 */
export function AutomaticoTab() {
  const lista = useCanaisComMenu();
  const departamentos = useDepartamentos();
  const canais = lista.data ?? [];
  const [canalId, setCanalId] = useState<string | null>(null);
  const escolhido = canalId ?? canais[0]?.id ?? null;
  const menu = useMenu(escolhido);
  return (
    <div className="flex flex-col gap-8">
      {departamentos.data ? <HorariosSection departamentos={departamentos.data} /> : <Skeleton className="h-64" />}
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Menu de boas-vindas</h2>
        <p className="text-sm text-muted-foreground">
          Numa conversa nova, o cliente recebe a saudação com as opções; a resposta (o número ou o texto da opção) põe a conversa na fila do
          departamento. 0 mostra o menu de novo; quando um atendente aceita, o menu termina.
        </p>
        {!lista.data ? (
          <Skeleton className="h-9 w-72" />
        ) : canais.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum canal cadastrado.</p>
        ) : (
          <NativeSelect
            aria-label="Canal"
            className="h-9 w-96 max-w-full"
            value={escolhido ?? ''}
            onChange={(e) => setCanalId(e.target.value)}
          >
            {canais.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome} · {c.rotulo}
                {c.ativo ? '' : ' (inativo)'}
              </option>
            ))}
          </NativeSelect>
        )}
        {escolhido && menu.data && departamentos.data ? (
          <MenuForm
            key={escolhido}
            canalId={escolhido}
            departamentos={departamentos.data}
            inicial={{
              ativo: menu.data.ativo,
              saudacao: menu.data.saudacao || 'Olá! Como podemos ajudar? Responda com o número da opção:',
              opcoes: menu.data.opcoes,
              mensagemOpcaoInvalida: menu.data.mensagemOpcaoInvalida || 'Não entendi. Responda com o número de uma das opções.',
              tentativas: menu.data.tentativas,
            }}
          />
        ) : escolhido ? (
          <Skeleton className="h-48" />
        ) : null}
      </section>
    </div>
  );
}
