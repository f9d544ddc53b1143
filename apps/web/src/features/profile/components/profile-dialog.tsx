import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/api';
import { PreferenciasTab } from '@/features/notificacoes/preferencias-tab';
import { ChangePasswordTab } from './change-password-tab';
import { ProfileDataTab } from './profile-data-tab';

/** 'Meu perfil' (spec part 1 §2), opened from the user menu's 'Perfil'. Closing unmounts it, so forms start clean. */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Meu perfil</DialogTitle>
          <DialogDescription>Atualize sua foto, seu nome, sua senha e suas notificações.</DialogDescription>
        </DialogHeader>
        {user ? (
          <Tabs defaultValue="dados" className="gap-4">
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="dados">Dados</TabsTrigger>
              <TabsTrigger value="senha">Alterar Senha</TabsTrigger>
              <TabsTrigger value="notificacoes">Notificações</TabsTrigger>
            </TabsList>
            {/* Both panels stay mounted in one grid cell: switching tabs keeps typed text and a running upload,
                and the dialog keeps the height of the taller panel instead of jumping. */}
            <div className="grid [&>*]:col-start-1 [&>*]:row-start-1">
              <TabsContent value="dados" forceMount className="data-[state=inactive]:invisible">
                <ProfileDataTab user={user} />
              </TabsContent>
              <TabsContent value="senha" forceMount className="data-[state=inactive]:invisible">
                <ChangePasswordTab userId={user.id} />
              </TabsContent>
              <TabsContent value="notificacoes" className="data-[state=inactive]:invisible">
                <PreferenciasTab />
              </TabsContent>
            </div>
          </Tabs>
        ) : (
          <div role="status" className="flex flex-col gap-4" aria-busy="true" aria-label="Carregando perfil">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
