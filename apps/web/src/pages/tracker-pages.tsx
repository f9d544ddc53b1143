import { ComingSoon } from './coming-soon';

// The task tracker's pages (their own chunk, preloaded for the tracker role: spec part 1 §4).
export const TrackerPage = () => <ComingSoon title="Tracker" />;
export const VotarTarefaPage = () => <ComingSoon title="Votação de complexidade" />;
