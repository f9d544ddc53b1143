import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { TRole } from '@balcao/shared/roles';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/api';
import { AparenciaTab } from './components/aparencia-tab';
import { CanaisTab } from './components/canais-tab';
import { GeralTab } from './components/geral-tab';
import { IntegracoesTab } from './components/integracoes-tab';
import { RapidasTab } from '@/features/mensagens-rapidas/rapidas-tab';
import { AutomaticoTab } from '@/features/atendimento-automatico/automatico-tab';
import { EtiquetasTab } from '@/features/etiquetas/etiquetas-tab';
import { ConsentimentoConfigTab } from '@/features/consentimento/config-tab';

const TABS = [
  { value: 'geral', label: 'Geral' },
  { value: 'chat', label: 'Chat do site' },
  { value: 'integracoes', label: 'Integrações' },
  { value: 'rapidas', label: 'Mensagens rápidas' },
  { value: 'automatico', label: 'Atendimento automático' },
  { value: 'etiquetas', label: 'Etiquetas' },
  { value: 'consentimento', label: 'Consentimento' },
  { value: 'aparencia', label: 'Aparência' },
] as const;
type Tab = (typeof TABS)[number]['value'];

// Channels and integrations are managed by admin and master (shared CONFIG_ITEMS lists Integrações for them only).
const gere = (role: TRole) => role === 'admin' || role === 'master';
/** Attendants and users keep the 'Chat do site' tab, with a note, so they learn where it lives and whom to ask. */
const tabsFor = (role: TRole): Tab[] =>
  gere(role)
    ? ['geral', 'chat', 'integracoes', 'rapidas', 'automatico', 'etiquetas', 'consentimento', 'aparencia']
    : role === 'atendente'
      ? ['geral', 'chat', 'rapidas', 'aparencia']
      : ['geral', 'chat', 'aparencia'];

function Note({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-xl border border-dashed p-6 text-sm text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      {children}
    </p>
  );
}

/** /config: the account's settings, one tab each; `?tab=` opens a tab directly (the WhatsApp banner links to integracoes). */
export function ConfigPage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) {
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4 sm:p-6" aria-busy="true">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-9 w-80" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  const allowed = tabsFor(user.role);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && allowed.includes(asked) ? asked : 'geral';
  const podeGerir = gere(user.role);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Configurações</h1>
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'geral' ? {} : { tab: v }, { replace: true })} className="gap-6">
        <TabsList className="max-w-full justify-start overflow-x-auto">
          {TABS.filter((t) => allowed.includes(t.value)).map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-none px-2 sm:px-3">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="geral">
          <GeralTab user={user} />
        </TabsContent>
        <TabsContent value="chat">
          {podeGerir ? (
            <CanaisTab />
          ) : (
            <Note icon={<Lock aria-hidden />}>
              Os canais de chat do site são configurados por administradores. Fale com o administrador da sua conta.
            </Note>
          )}
        </TabsContent>
        {podeGerir && (
          <TabsContent value="integracoes">
            <IntegracoesTab />
          </TabsContent>
        )}
        {allowed.includes('rapidas') && (
          <TabsContent value="rapidas">
            <RapidasTab podePublica={podeGerir} />
          </TabsContent>
        )}
        {podeGerir && (
          <TabsContent value="automatico">
            <AutomaticoTab />
          </TabsContent>
        )}
        {podeGerir && (
          <TabsContent value="etiquetas">
            <EtiquetasTab />
          </TabsContent>
        )}
        {podeGerir && (
          <TabsContent value="consentimento">
            <ConsentimentoConfigTab />
          </TabsContent>
        )}
        <TabsContent value="aparencia">
          <AparenciaTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
