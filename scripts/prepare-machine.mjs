// What the e2e step needs from the machine, made sure of before it runs (as `.ci/run` once did on its own):
// Debian's Chromium, installed when this user may install packages, otherwise one line saying what to do.
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

const wanted = process.env.CHROMIUM_PATH;
if (wanted) {
  if (!existsSync(wanted)) stop(`CHROMIUM_PATH aponta para ${wanted}, que não existe: ${HOW}.`);
  console.log(`Chromium: ${wanted} (CHROMIUM_PATH)`);
} else if (existsSync(DEFAULT_CHROMIUM)) {
  console.log(`Chromium: ${DEFAULT_CHROMIUM}`);
} else {
  const prefix = installer();
  if (!prefix) stop(`Os testes e2e precisam do Chromium e este usuário não pode instalar pacotes: ${HOW}.`);
  console.log(`Chromium ausente: instalando ${PACKAGES.join(' ')} com apt-get…`);
  const [cmd = 'apt-get', ...rest] = [...prefix, 'apt-get'];
  const installed = run(cmd, [...rest, 'update', '-qq']) && run(cmd, [...rest, 'install', '-y', '-qq', ...PACKAGES]);
  if (!installed || !existsSync(DEFAULT_CHROMIUM)) stop(`A instalação do Chromium falhou: ${HOW}.`);
  console.log(`Chromium instalado em ${DEFAULT_CHROMIUM}`);
}
if (!process.env.DATABASE_URL) console.log('DATABASE_URL não definida: os testes de integração rodam só no PGlite.');
