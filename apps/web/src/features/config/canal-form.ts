import { ZCanalWidgetInput, type TCanal, type TCanalWidgetInput } from '@balcao/shared/canais';
import { fieldErrors } from '@/lib/form';

/** The schema's own limit on allowed sites (ZCanalWidgetInput.origensPermitidas.max); a test keeps them in step. */
export const ORIGENS_MAX = 20;
export const ORIGEM_DUPLICADA = 'Este site já está na lista.';
export const ORIGENS_LIMITE = `Use no máximo ${ORIGENS_MAX} sites.`;
const ZOrigem = ZCanalWidgetInput.shape.origensPermitidas.element;

/** A new channel: the schema's defaults (colour, greeting, active...), no name and no site yet. */
export function emptyCanal(): TCanalWidgetInput {
  return { nome: '', origensPermitidas: [], ...ZCanalWidgetInput.omit({ nome: true, origensPermitidas: true }).parse({}) };
}

/** A channel saved before a setting existed gets that setting's default. */
export const canalToForm = (canal: TCanal): TCanalWidgetInput => ({
  ...emptyCanal(),
  ...canal.config,
  nome: canal.nome,
  ativo: canal.ativo,
});

/**
 * A site as people paste it ('https://Loja.com.br/contato/') becomes the origin the browser sends
 * ('https://loja.com.br'); anything that is not an http(s) URL is left for the schema to explain.
 */
export function normalizeOrigem(raw: string): string {
  const text = raw.trim();
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // not a URL: fall through
  }
  return text;
}

/** Adds one site to the list, or says why not (the schema's message, a duplicate, the limit). */
export function addOrigem(list: readonly string[], raw: string): { list: string[]; error: null } | { list: null; error: string } {
  const origem = normalizeOrigem(raw);
  const parsed = ZOrigem.safeParse(origem);
  if (!parsed.success) return { list: null, error: parsed.error.issues[0]?.message ?? 'Site inválido.' };
  if (list.some((o) => o.toLowerCase() === parsed.data.toLowerCase())) return { list: null, error: ORIGEM_DUPLICADA };
  if (list.length >= ORIGENS_MAX) return { list: null, error: ORIGENS_LIMITE };
  return { list: [...list, parsed.data], error: null };
}

/**
 * What the form sends, validated by the shared schema the server applies. Departments offered to the visitor
 * only matter when he may choose, and a department deleted since the last edit is dropped.
 */
export function prepareCanal(values: TCanalWidgetInput, departamentoIds: readonly string[] | null) {
  const exists = (id: string) => departamentoIds === null || departamentoIds.includes(id);
  return fieldErrors(ZCanalWidgetInput, {
    ...values,
    departamentoIds: values.escolherDepartamento ? values.departamentoIds.filter(exists) : [],
    departamentoPadraoId: values.departamentoPadraoId && exists(values.departamentoPadraoId) ? values.departamentoPadraoId : null,
  });
}

/** The server's 400 `errors` ({ 'origensPermitidas.1': [...] }) as one message per form field. */
export function serverFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.split('.')[0] ?? path;
    if (messages[0]) out[field] ??= messages[0];
  }
  return out;
}
