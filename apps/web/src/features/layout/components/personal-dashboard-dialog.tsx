import { lazy, Suspense, useState } from 'react';

// The dashboard (queries, cards, table) is its own chunk, fetched the first time someone opens it.
const Dashboard = lazy(() =>
  import('@/features/dashboard/components/personal-dashboard-dialog').then((m) => ({ default: m.PersonalDashboardDialog })),
);

/** 'Meu Dashboard' (spec part 1 §2): built in features/dashboard; the name comes from the current user there. */
export function PersonalDashboardDialog({ open, onOpenChange }: { nome: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dashboard open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
