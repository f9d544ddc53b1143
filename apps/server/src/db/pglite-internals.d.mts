import type { PGlite } from '@electric-sql/pglite';

export function underQueryLock<T>(db: PGlite, run: () => Promise<T>): Promise<T>;
export function underTransactionLock<T>(db: PGlite, run: () => Promise<T>): Promise<T>;
