import { Logo } from '@/components/brand/logo';
import { useConta } from '@/features/config/conta-api';
import { cn } from '@/lib/utils';

/** The menu's logo: the account's white-label logo when it has one (spec part 1 §1), else Balcão's mark. */
export function AccountLogo({ withName = true, className }: { withName?: boolean; className?: string }) {
  const { data: conta } = useConta();
  if (!conta?.logoUrl) return <Logo withName={withName} className={className} />;
  return (
    <img
      src={conta.logoUrl}
      alt={conta.nome}
      className={cn('h-7 object-contain object-left', withName ? 'max-w-40' : 'w-7 object-center', className)}
    />
  );
}
