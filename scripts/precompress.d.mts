// Types for scripts/precompress.mjs (imported by apps/web/vite.config.ts).
export function precompress(targets: string[]): number;
