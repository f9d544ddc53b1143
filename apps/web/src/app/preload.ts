import type { TRole } from '@balcao/shared/roles';

export type TPreload = { chunk: string; load: () => Promise<unknown> };

/** The route chunks worth fetching ahead for each role (spec part 1 §4: admin or master pages, tracker pages). */
const ADMIN: readonly TPreload[] = [
  { chunk: 'atendimentos', load: () => import('@/features/atendimentos/pages/atendimentos-page') },
  { chunk: 'config', load: () => import('@/features/config/config-page') },
  { chunk: 'documentacao', load: () => import('@/features/documentacao/documentacao-page') },
  { chunk: 'dashboard', load: () => import('@/features/dashboard/overview/dashboard-page') },
  { chunk: 'usuarios', load: () => import('@/features/usuarios/components/usuarios-page') },
  { chunk: 'departamentos', load: () => import('@/features/departamentos/components/departamentos-page') },
];
const TRACKER: readonly TPreload[] = [{ chunk: 'tracker', load: () => import('@/pages/tracker-pages') }];

/** Admin pages for admin and master, tracker pages for tracker, nothing ahead for the other roles. */
export function preloadsFor(role: TRole): readonly TPreload[] {
  if (role === 'admin' || role === 'master') return ADMIN;
  if (role === 'tracker') return TRACKER;
  return [];
}
