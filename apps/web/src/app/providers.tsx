import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/features/theme/theme';
import { WhiteLabelEffects, whiteLabelDaJanela } from '@/features/white-label/white-label';
import { createQueryClient } from '@/lib/query-client';
import { useToasterRequested } from '@/lib/toast';
import { ErrorBoundary } from './error-boundary';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Bootstrap (spec part 2 §2): data cache, contexts and the top-level error boundary. Tooltips live in the signed-in shell. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const toasterOn = useToasterRequested();
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <WhiteLabelEffects id={whiteLabelDaJanela()} />
          {children}
          {toasterOn && (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          )}
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
