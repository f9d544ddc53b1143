// Initial JS (gzip) of the login route and of the signed-in shell, from Vite's manifest, against the budgets.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const DIST = 'apps/web/dist';
export const BUDGETS_KB = { login: 150, shell: 250 };

function closure(manifest, keys) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}
const gz = (files) => files.reduce((n, f) => n + gzipSync(readFileSync(`${DIST}/${f}`), { level: 9 }).length, 0);

export function measureBundles() {
  const path = `${DIST}/.vite/manifest.json`;
  if (!existsSync(path)) throw new Error('no web build: run npm run build first');
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const key = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
  const login = closure(manifest, [entry, key('features/auth/components/login-page.tsx')]);
  // The signed-in shell as most people first see it: the layout and the /atendimentos landing page.
  const shell = closure(
    manifest,
    [entry, key('app/protected-layout.tsx'), key('features/atendimentos/pages/atendimentos-page.tsx')].filter(Boolean),
  );
  return { loginKb: gz(login) / 1024, shellKb: gz(shell) / 1024 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loginKb, shellKb } = measureBundles();
  console.log(`login route initial JS: ${loginKb.toFixed(1)} KB gzip (budget ${BUDGETS_KB.login})`);
  console.log(`signed-in shell JS:     ${shellKb.toFixed(1)} KB gzip (budget ${BUDGETS_KB.shell})`);
  if (loginKb > BUDGETS_KB.login || shellKb > BUDGETS_KB.shell) process.exitCode = 1;
}
