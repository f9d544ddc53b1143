// Types for bench/page-weight.mjs (imported by e2e/http.e2e.ts).
type Weight = { bytes: number; files: string[] };
export type PageWeight = {
  acceptEncoding: string | null;
  login: Weight;
  shell: Weight;
  widget: { bytes: number };
  fonts: Weight;
  encodings: string[];
};
export const WEB_DIST: string;
export const BUDGETS_KB: { login: number; shell: number; widget: number };
export const BROWSER_ENCODINGS: string;
export function measurePageWeight(base: string, acceptEncoding: string | undefined, dist?: string): Promise<PageWeight>;
export function overBudget(m: PageWeight): string[];
export function measureInChromium(
  base: string,
  email?: string,
  senha?: string,
): Promise<{ login: { bytes: number; requests: number }; signIn: { bytes: number; requests: number } } | null>;
