import { z } from 'zod';
import { pt } from 'zod/locales';

/**
 * Zod's own messages in Portuguese: every bound, type and format error a person can see.
 * Called once by each entry point (server main, CLI, web main) and by the test setup; schemas keep a
 * hand-written message only where it says more than the library can (spec texts, "Informe o e-mail.").
 * `pt` is imported by name so the web bundle carries one locale, not all of them.
 */
export function configureZodPortuguese(): void {
  z.config(pt());
}
