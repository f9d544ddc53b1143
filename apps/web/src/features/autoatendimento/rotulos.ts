/**
 * The ERP sends a request's type and extra fields as keys of its own ('segunda_via_boleto', { numeroPedido: … }):
 * the card shows them as words. Known keys get their Portuguese label; any other key is spelt out from its
 * snake_case or camelCase parts, as the ERP's names are usually Portuguese already.
 */
const TIPOS: Record<string, string> = {
  segunda_via_boleto: '2ª via de boleto',
  segunda_via_fatura: '2ª via de fatura',
  segunda_via_nota_fiscal: '2ª via de nota fiscal',
  nota_fiscal: 'Nota fiscal',
  boleto: 'Boleto',
  cancelamento: 'Cancelamento',
  troca: 'Troca',
  devolucao: 'Devolução',
  reembolso: 'Reembolso',
  rastreio: 'Rastreio de pedido',
  rastreamento_pedido: 'Rastreio de pedido',
  status_pedido: 'Situação do pedido',
  atualizacao_cadastral: 'Atualização cadastral',
  agendamento: 'Agendamento',
  orcamento: 'Orçamento',
  reclamacao: 'Reclamação',
  suporte_tecnico: 'Suporte técnico',
};

/** Words of a key whose accents the ERP could not write in an identifier. */
const PALAVRAS: Record<string, string> = {
  numero: 'número',
  codigo: 'código',
  descricao: 'descrição',
  emissao: 'emissão',
  referencia: 'referência',
  observacao: 'observação',
  observacoes: 'observações',
  endereco: 'endereço',
  mes: 'mês',
  competencia: 'competência',
  responsavel: 'responsável',
  situacao: 'situação',
};

/** 'numero_pedido' / 'numeroPedido' → 'Número pedido'. */
export function rotuloDaChave(chave: string): string {
  const palavras = chave
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase())
    .map((p) => PALAVRAS[p] ?? p);
  const texto = palavras.join(' ');
  return texto ? texto[0]!.toUpperCase() + texto.slice(1) : chave;
}

/** The label of a request's type. */
export const rotuloDoTipo = (tipo: string) => TIPOS[tipo.trim().toLowerCase()] ?? rotuloDaChave(tipo);

const DATA_ISO = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A value as a person reads it: dates in pt-BR, yes/no, lists joined, a nested object as 'Rótulo: valor' pairs. */
function valorLegivel(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'number') return v.toLocaleString('pt-BR');
  if (typeof v === 'string') {
    if (!DATA_ISO.test(v)) return v;
    const d = new Date(v.length === 10 ? `${v}T12:00:00` : v);
    if (Number.isNaN(d.getTime())) return v;
    return v.length === 10 ? d.toLocaleDateString('pt-BR') : d.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
  }
  if (Array.isArray(v)) return v.map(valorLegivel).join(', ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${rotuloDaChave(k)}: ${valorLegivel(x)}`)
      .join('; ');
  return String(v);
}

/** The extra fields of a request as labelled values, in the order the ERP sent them. */
export const camposLegiveis = (dados: Record<string, unknown>) =>
  Object.entries(dados).map(([chave, v]) => ({ chave, rotulo: rotuloDaChave(chave), valor: valorLegivel(v) }));
