import { Logo } from '@/components/brand/logo';
import { useConta } from '@/features/config/conta-api';
import { useWhiteLabel, whiteLabelDaJanela } from '@/features/white-label/white-label';
import { cn } from '@/lib/utils';

/**
 * The menu's logo: the account's own logo when it has one (spec part 1 §1), else its white label's (the account's
 * assignment, or the host's), else Balcão's mark.
 */
export function AccountLogo({ withName = true, className }: { withName?: boolean; className?: string }) {
  const { data: conta } = useConta();
  const label = useWhiteLabel(conta?.whiteLabelId ?? whiteLabelDaJanela());
  const src = conta?.logoUrl ?? label.data?.logoUrl;
  const nome = conta?.logoUrl ? conta.nome : (label.data?.nome ?? conta?.nome ?? '');
  if (!src) {
    if (label.data)
      return (
        <span className={cn('truncate font-semibold tracking-tight', className)}>
          {withName ? (
            label.data.nome
          ) : (
            <>
              <span aria-hidden>{label.data.nome.slice(0, 1)}</span>
              <span className="sr-only">{label.data.nome}</span>
            </>
          )}
        </span>
      );
    return <Logo withName={withName} className={className} />;
  }
  return (
    <img src={src} alt={nome} className={cn('h-7 object-contain object-left', withName ? 'max-w-40' : 'w-7 object-center', className)} />
  );
}
