// What the e2e step needs from the machine, made sure of before it runs (as `.ci/run` once did on its own):
// Debian's Chromium, and HAProxy for the two-instance suite (e2e/escala.e2e.ts, deploy/haproxy.cfg), installed
// when this user may install packages, otherwise one line saying what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-liberation'];
const HOW = `instale o Chromium do Debian (sudo apt-get install -y ${PACKAGES.join(' ')}) ou aponte CHROMIUM_PATH para um Chromium existente`;

const ok = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const run = (cmd, args) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;

/** Root runs apt-get itself; a user with passwordless sudo through `sudo -n`; anyone else cannot install. */
function installer() {
  if (!ok('sh', ['-c', 'command -v apt-get'])) return null;
  if (process.getuid?.() === 0) return [];
  return ok('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
}

function stop(line) {
  console.error(`\n${line}`);
  process.exit(1);
}

/** apt-get update and install of `packages` with the installer's prefix; false when it cannot or failed. */
function aptInstall(packages) {
  const prefix = installer();
  if (!prefix) return false;
  const [cmd = 'apt-get', ...rest] = [...prefix, 'apt-get'];
  return run(cmd, [...rest, 'update', '-qq']) && run(cmd, [...rest, 'install', '-y', '-qq', ...packages]);
}

const wanted = process.env.CHROMIUM_PATH;
if (wanted) {
  if (!existsSync(wanted)) stop(`CHROMIUM_PATH aponta para ${wanted}, que não existe: ${HOW}.`);
  console.log(`Chromium: ${wanted} (CHROMIUM_PATH)`);
} else if (existsSync(DEFAULT_CHROMIUM)) {
  console.log(`Chromium: ${DEFAULT_CHROMIUM}`);
} else {
  if (!installer()) stop(`Os testes e2e precisam do Chromium e este usuário não pode instalar pacotes: ${HOW}.`);
  console.log(`Chromium ausente: instalando ${PACKAGES.join(' ')} com apt-get…`);
  if (!aptInstall(PACKAGES) || !existsSync(DEFAULT_CHROMIUM)) stop(`A instalação do Chromium falhou: ${HOW}.`);
  console.log(`Chromium instalado em ${DEFAULT_CHROMIUM}`);
}

// The proxy of the two-instance suite (PostgreSQL only, like the suite) and redis-server, which it restarts privately.
const HAPROXY_HOW = 'instale o HAProxy do Debian (sudo apt-get install -y haproxy)';
// Debian puts it in /usr/sbin, which an ordinary user's PATH may lack.
const hasHaproxy = () => ok('sh', ['-c', 'command -v haproxy || test -x /usr/sbin/haproxy']);
if (process.env.DATABASE_URL && !hasHaproxy()) {
  if (!installer()) stop(`O teste de duas instâncias precisa do HAProxy e este usuário não pode instalar pacotes: ${HAPROXY_HOW}.`);
  console.log('HAProxy ausente: instalando haproxy com apt-get…');
  if (!aptInstall(['haproxy']) || !hasHaproxy()) stop(`A instalação do HAProxy falhou: ${HAPROXY_HOW}.`);
}
if (process.env.DATABASE_URL) console.log('HAProxy: presente (teste de duas instâncias)');
// promtool (Debian's prometheus package): the metrics tests check the alert rules and a real scrape with it.
const PROMTOOL_HOW = 'instale o Prometheus do Debian (sudo apt-get install -y --no-install-recommends prometheus)';
const hasPromtool = () => ok('sh', ['-c', 'command -v promtool']);
if (!hasPromtool()) {
  if (!installer()) stop(`Os testes de métricas precisam do promtool e este usuário não pode instalar pacotes: ${PROMTOOL_HOW}.`);
  console.log('promtool ausente: instalando prometheus com apt-get…');
  if (!aptInstall(['--no-install-recommends', 'prometheus']) || !hasPromtool()) stop(`A instalação do promtool falhou: ${PROMTOOL_HOW}.`);
}
console.log('promtool: presente (regras de alerta e coleta de métricas)');
if (!process.env.DATABASE_URL) console.log('DATABASE_URL não definida: os testes de integração rodam só no PGlite.');
