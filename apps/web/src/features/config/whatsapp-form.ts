import { ZCanalWhatsAppInput, ZCanalWhatsAppUpdate, type TCanalWhatsApp, type TCanalWhatsAppInput } from '@balcao/shared/canais';
import { fieldErrors } from '@/lib/form';

/** The WhatsApp number form: the shared schema's fields; the secrets start empty (they are never read back). */
export type TWhatsAppForm = TCanalWhatsAppInput;

export const emptyWhatsApp = (): TWhatsAppForm => ({
  nome: 'WhatsApp',
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  departamentoPadraoId: null,
  ativo: true,
});

/** Editing: what the server shows, and empty secrets ('keep the stored ones'). */
export const whatsappToForm = (c: TCanalWhatsApp): TWhatsAppForm => ({
  nome: c.nome,
  phoneNumberId: c.config.phoneNumberId,
  wabaId: c.config.wabaId,
  accessToken: '',
  appSecret: '',
  verifyToken: c.config.verifyToken,
  departamentoPadraoId: c.config.departamentoPadraoId,
  ativo: c.ativo,
});

/** The body PUT /api/canais/{id} takes to change one thing (Ativar/Pausar, the department) and keep the secrets. */
export const whatsappUpdate = (c: TCanalWhatsApp, change: Partial<Pick<TWhatsAppForm, 'ativo' | 'departamentoPadraoId'>>) =>
  ZCanalWhatsAppUpdate.parse({ ...whatsappToForm(c), ...change });

/** A random verify token to paste into Meta's panel (people rarely invent a good one). */
export function newVerifyToken(bytes = 18): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, bytes * 2);
}

/**
 * Validated with the schema the server applies: a new number needs both secrets, an edit may leave them empty
 * (the stored ones stay). A department deleted since is dropped.
 */
export function prepareWhatsApp(values: TWhatsAppForm, editing: boolean, departamentoIds: readonly string[] | null) {
  const dep = values.departamentoPadraoId && (departamentoIds === null || departamentoIds.includes(values.departamentoPadraoId));
  const body = { ...values, departamentoPadraoId: dep ? values.departamentoPadraoId : null };
  return editing ? fieldErrors(ZCanalWhatsAppUpdate, body) : fieldErrors(ZCanalWhatsAppInput, body);
}
