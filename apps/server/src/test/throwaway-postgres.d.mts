export type ThrowawayPostgres = { url: string; name: string; drop: () => Promise<void> };
export function throwawayPostgres(adminUrl: string, prefix?: string): Promise<ThrowawayPostgres>;
