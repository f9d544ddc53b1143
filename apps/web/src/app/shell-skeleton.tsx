import { Skeleton } from '@/components/ui/skeleton';

const NAV_KEYS = Array.from({ length: 6 }, (_, i) => `nav-${i}`);

/** What the signed-in shell looks like while the user loads: never a blank page or a bare spinner. */
export function ShellSkeleton() {
  return (
    <div role="status" className="flex min-h-dvh" aria-busy="true" aria-label="Carregando">
      <div className="hidden w-64 flex-col gap-3 border-r bg-sidebar p-4 md:flex">
        <Skeleton className="h-8 w-32" />
        {NAV_KEYS.map((k) => (
          <Skeleton key={k} className="h-7 w-full" />
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

/** A page loading inside the shell. */
export function PageSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4 p-6" aria-busy="true" aria-label="Carregando">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
