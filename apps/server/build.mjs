// Bundles the server (and the shared workspace package) into dist/; npm packages stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'cli/account-create': 'src/cli/account-create.ts',
    'cli/uploads-migrate': 'src/cli/uploads-migrate.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@balcao/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  logLevel: 'warning',
});
for (const to of ['dist', 'dist/cli']) {
  cpSync('src/db/migrations', `${to}/migrations`, { recursive: true });
  // PGlite's thread (db/pglite-thread.ts) loads these files beside the bundle that starts it.
  cpSync('src/db/pglite-worker.mjs', `${to}/pglite-worker.mjs`);
  cpSync('src/db/pglite-internals.mjs', `${to}/pglite-internals.mjs`);
}
