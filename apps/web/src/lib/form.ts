import type { z } from 'zod';

/** First message per field from a failed parse with the shared schema (the same rules the server applies). */
export function fieldErrors<T extends z.ZodType>(schema: T, values: unknown): { data: z.infer<T> | null; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}
