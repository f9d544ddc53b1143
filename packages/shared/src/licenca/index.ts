import { z } from 'zod';

/** Spec part 1 §1, §6, §9: the standard licence (5 attendant users, the master exempt), base price R$149. */
export const LICENCA_PADRAO = {
  numeroUsuarios: 5,
  numeroUsuariosIsentos: 1,
  valorBase: 149,
  valorPorUsuario: 0,
} as const;
/** A new account (and the demo) starts with an active licence for this many days. */
export const LICENCA_DIAS_INICIAIS = 30;
/** Spec part 1 §7: the AI tool's id as the licence confirmation sends it. */
export const FERRAMENTA_IA = 'InteligenciaArtificial';
/** Roles that take a seat when active: the ones who attend customers. The master is exempt. */
export const ROLES_COM_ASSENTO = ['admin', 'atendente'] as const;

/** Spec part 1 §3: AI is recognised when a tool's name contains ia, inteligencia or artificial. */
export function isFerramentaIA(nome: string): boolean {
  const n = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return n.includes('ia') || n.includes('inteligencia') || n.includes('artificial');
}

export const LICENCA_TEXTS = {
  /** The refusal when a user would take a seat beyond the licence (409). */
  limiteAtingido: (n: number) => `Limite de ${n} usuários atendentes da sua licença atingido.`,
  /** To the master when more seat-takers are active than the seats paid: how many too many, and what to do. */
  acimaDoLimite: (ativos: number, contratados: number) =>
    `Há ${ativos} usuários atendentes ativos para ${contratados} ${contratados === 1 ? 'assento pago' : 'assentos pagos'}: ` +
    `${ativos - contratados} além do limite. Desative ${ativos - contratados} deles em Usuários ou contrate mais assentos; ` +
    'até lá, nenhum usuário pode ser criado ou reativado.',
  /** The notice's title and its link to the users page. */
  acimaDoLimiteTitulo: 'Usuários além do limite da licença',
  gerenciarUsuarios: 'Gerenciar usuários',
  erroStatus: 'Erro ao verificar status da licença',
  /** 402 LICENCA_EXPIRADA: an expired account may read and finish, not answer customers. */
  expirada:
    'Sua licença expirou: enviar mensagens e aceitar atendimentos está bloqueado até a renovação. As mensagens dos clientes continuam sendo recebidas.',
} as const;
/** The refusal code of customer-facing work while the licence is expired (HTTP 402 and the socket's ack). */
export const LICENCA_EXPIRADA = 'LICENCA_EXPIRADA';

/** Spec part 1 §3 "Licence status" (GET /backend/Licenca/status), plus the due date and the exempt count. */
export const ZLicencaStatus = z.object({
  hasActiveSubscription: z.boolean(),
  availableSlots: z.number().int(),
  totalSlots: z.number().int(),
  usedSlots: z.number().int(),
  canUseFeatures: z.boolean(),
  canUseIA: z.boolean(),
  /** The caller takes no seat (the master, or a role without one). */
  isUserExempt: z.boolean(),
  /** The due date is not past. */
  hasActiveLicense: z.boolean(),
  dataVencimento: z.string(),
  numeroUsuariosIsentos: z.number().int(),
  /** Sold through an ERP partner: renewed there, never blocked here (spec part 1 §4). */
  isLicencaVendaERP: z.boolean(),
  /**
   * Active seat-takers beyond the seats paid (users made before a smaller order was paid): new activations are
   * refused until it fits, and nobody is deactivated for it.
   */
  usuariosAlemDoLimite: z.number().int(),
  /** To the master only, when over the limit: what is wrong and what to do. */
  avisoLimite: z.string().nullable(),
});
export type TLicencaStatus = z.infer<typeof ZLicencaStatus>;

/** GET /backend/Licenca/canUseFeatures. */
export const ZCanUseFeatures = z.object({ canUseFeatures: z.boolean(), hasActiveLicense: z.boolean() });
export type TCanUseFeatures = z.infer<typeof ZCanUseFeatures>;
