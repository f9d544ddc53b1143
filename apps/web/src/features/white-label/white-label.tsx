import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZWhiteLabelPublico } from '@balcao/shared/white-label';
import { Logo } from '@/components/brand/logo';
import { useConta } from '@/features/config/conta-api';
import { request } from '@/lib/http';
import { cn } from '@/lib/utils';

declare global {
  interface Window {
    /** Set by the server in index.html on a white label's host (spec part 1 §1). */
    whiteLabelId?: string;
  }
}

/** The white label the server named on the window (its host), if any. */
export const whiteLabelDaJanela = (): string | null => (typeof window !== 'undefined' && window.whiteLabelId) || null;

/** GET /api/public/white-labels/{id}: name, colour and logo (open: the login page reads it). */
export const useWhiteLabel = (id: string | null) =>
  useQuery({
    queryKey: ['white-label', id],
    enabled: Boolean(id),
    staleTime: 30 * 60_000,
    queryFn: () => request('GET', `/api/public/white-labels/${encodeURIComponent(id!)}`, ZWhiteLabelPublico),
  });

/** Black or white text on a colour, whichever contrasts more (spec part 1 §9); white as fallback. */
function textoSobre(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The brand's name in the tab and its colour on primary actions, while in white-label mode. */
export function WhiteLabelEffects({ id }: { id: string | null }) {
  const { data } = useWhiteLabel(id);
  useEffect(() => {
    if (!data) return;
    const root = document.documentElement.style;
    document.title = data.nome;
    if (data.corPrimaria) for (const v of ['--primary', '--sidebar-primary', '--ring']) root.setProperty(v, data.corPrimaria);
    if (data.corPrimaria)
      for (const v of ['--primary-foreground', '--sidebar-primary-foreground']) root.setProperty(v, textoSobre(data.corPrimaria));
  }, [data]);
  return null;
}

/** The open screens' mark: the white label's logo (or name) on its host, else Balcão's. */
export function BrandMark({ className }: { className?: string }) {
  const id = whiteLabelDaJanela();
  const { data, isPending } = useWhiteLabel(id);
  if (!id) return <Logo className={className} />;
  if (isPending) return <span className={cn('h-10', className)} aria-hidden />;
  if (data?.logoUrl) return <img src={data.logoUrl} alt={data.nome} className={cn('h-10 max-w-48 object-contain', className)} />;
  return <span className={cn('font-semibold tracking-tight', className)}>{data?.nome}</span>;
}

/** Signed in: an account assigned to a white label is in white-label mode on any host. */
export function AccountWhiteLabelEffects() {
  const { data: conta } = useConta();
  return conta?.whiteLabelId && conta.whiteLabelId !== whiteLabelDaJanela() ? <WhiteLabelEffects id={conta.whiteLabelId} /> : null;
}
