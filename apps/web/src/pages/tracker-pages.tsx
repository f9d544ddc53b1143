import { Navigate, Route, Routes } from 'react-router';
import { TarefasPage } from '@/features/tracker/tarefas-page';

// The task tracker's pages (their own chunk, preloaded for the tracker role: spec part 1 §4).
export { VotarTarefaPage } from '@/features/tracker/votar-page';

/** /tracker and anything under it that is not a screen goes to the board. */
export function TrackerPage() {
  return (
    <Routes>
      <Route path="tarefas" element={<TarefasPage />} />
      <Route path="*" element={<Navigate to="/tracker/tarefas" replace />} />
    </Routes>
  );
}
