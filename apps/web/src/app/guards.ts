import type { TRole } from '@balcao/shared/roles';

/** Where `/` and the login land (spec part 1 §2). */
const TRACKER_HOME = '/tracker/tarefas?minhas=true';
const DEFAULT_HOME = '/atendimentos';
export const homeFor = (role: TRole) => (role === 'tracker' ? TRACKER_HOME : DEFAULT_HOME);

/** Guarded areas and the roles admitted (spec part 1 §2 and §6; part 2 §6). First match wins. */
const GUARDED: readonly { prefix: string; roles: readonly TRole[]; otherwise: 'home' | '/atendimentos' }[] = [
  { prefix: '/licenca', roles: ['master'], otherwise: '/atendimentos' },
  { prefix: '/dashboard', roles: ['master', 'admin'], otherwise: 'home' },
  { prefix: '/usuarios', roles: ['master', 'admin'], otherwise: 'home' },
  { prefix: '/departamentos', roles: ['master', 'admin'], otherwise: 'home' },
  { prefix: '/mensagens-agendadas', roles: ['master', 'admin'], otherwise: 'home' },
  { prefix: '/clientes', roles: ['master', 'admin', 'atendente'], otherwise: 'home' },
  { prefix: '/solicitacoes', roles: ['master', 'admin', 'atendente'], otherwise: 'home' },
  { prefix: '/tracker', roles: ['master', 'admin', 'atendente', 'user', 'tracker'], otherwise: 'home' },
  // Every other guarded page is staff-only: the tracker role sees the tracker alone.
  { prefix: '/', roles: ['master', 'admin', 'atendente', 'user'], otherwise: 'home' },
];

const matches = (path: string, prefix: string) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);

/** null when the role may open the path, else where to send it instead. */
export function redirectForRole(pathname: string, role: TRole): string | null {
  const path = pathname.toLowerCase();
  const rule = GUARDED.find((r) => matches(path, r.prefix))!;
  if (rule.roles.includes(role)) return null;
  return rule.otherwise === 'home' ? homeFor(role) : rule.otherwise;
}

/** After login: the remembered target unless it is /login (spec part 1 §2). */
export function afterLoginTarget(redirectTo: string | null, role: TRole): string {
  if (!redirectTo || redirectTo.startsWith('/login') || redirectTo.startsWith('/resetar-senha')) return homeFor(role);
  return redirectForRole(redirectTo.split('?')[0]!, role) ?? redirectTo;
}
