import { Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { LICENCA_TEXTS as T } from '@balcao/shared/licenca';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useLicencaStatus } from '../api';

const USUARIOS_PATH = '/usuarios';

/**
 * The master's notice when more users attend than the seats paid (Licenca/status gives avisoLimite to the master
 * only): a banner on top of every page, or a card on the licence page. Nobody is deactivated for it.
 */
export function LimiteUsuariosAviso({ variante }: { variante: 'banner' | 'cartao' }) {
  const aviso = useLicencaStatus().data?.avisoLimite;
  const { pathname } = useLocation();
  // The licence page shows it as its card; the users page is where it is fixed, so it keeps the banner.
  if (!aviso || (variante === 'banner' && /^\/licenca(\/|$)/i.test(pathname))) return null;
  return (
    <section
      role="alert"
      aria-label={T.acimaDoLimiteTitulo}
      className={cn(
        'flex items-center gap-3 border-amber-200 bg-amber-50 text-sm text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100',
        variante === 'banner' ? 'border-b px-4 py-2' : 'rounded-xl border p-4',
      )}
    >
      <Users className="size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium">{T.acimaDoLimiteTitulo}</p>
        <p>{aviso}</p>
      </div>
      {pathname !== USUARIOS_PATH && (
        <Link to={USUARIOS_PATH} className={cn(buttonVariants({ size: 'sm' }), 'h-7 shrink-0')}>
          {T.gerenciarUsuarios}
        </Link>
      )}
    </section>
  );
}
