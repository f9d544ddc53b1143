import { z } from 'zod';
import { ptBR } from 'zod/locales';

/** A count with its noun in the singular or the plural ('1 caractere', '3 caracteres'). */
const contagem = (n: number | bigint, um: string, varios: string) =>
  `${Number(n).toLocaleString('pt-BR')} ${Number(n) === 1 ? um : varios}`;

/** What is counted in a bound, by what is bounded; a number or a date is compared, not counted. */
const UNIDADES: Record<string, [string, string]> = {
  string: ['caractere', 'caracteres'],
  array: ['item', 'itens'],
  set: ['item', 'itens'],
  map: ['item', 'itens'],
  file: ['byte', 'bytes'],
};

/** Formats a person types, said as what to fix; the rest keep the locale's 'Formato … inválido'. */
const FORMATOS: Record<string, string> = {
  email: 'Informe um e-mail válido.',
  url: 'Informe um endereço (URL) válido.',
  uuid: 'Identificador inválido.',
  datetime: 'Informe uma data e hora válidas.',
  date: 'Informe uma data válida.',
  time: 'Informe um horário válido.',
};

const valor = (v: number | bigint | Date) => (v instanceof Date ? v.toLocaleDateString('pt-BR') : Number(v).toLocaleString('pt-BR'));

/**
 * The bounds, required fields and common formats in Brazilian Portuguese a person reads at a glance ('Muito
 * curto: use pelo menos 2 caracteres.'); anything else falls to zod's own pt-BR locale (`undefined` here).
 */
const mensagemBrasileira: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'too_small': {
      const unidade = UNIDADES[issue.origin];
      if (unidade) {
        const n = issue.inclusive ? issue.minimum : Number(issue.minimum) + 1;
        const [um, varios] = unidade;
        return issue.origin === 'string'
          ? `Muito curto: use pelo menos ${contagem(n, um, varios)}.`
          : `Poucos itens: pelo menos ${contagem(n, um, varios)}.`;
      }
      return issue.inclusive
        ? `Muito pequeno: o mínimo é ${valor(issue.minimum)}.`
        : `Muito pequeno: deve ser maior que ${valor(issue.minimum)}.`;
    }
    case 'too_big': {
      const unidade = UNIDADES[issue.origin];
      if (unidade) {
        const n = issue.inclusive ? issue.maximum : Number(issue.maximum) - 1;
        const [um, varios] = unidade;
        if (issue.origin === 'string') return `Muito longo: use no máximo ${contagem(n, um, varios)}.`;
        if (issue.origin === 'file') return `Arquivo muito grande: no máximo ${contagem(n, um, varios)}.`;
        return `Itens demais: no máximo ${contagem(n, um, varios)}.`;
      }
      return issue.inclusive
        ? `Muito grande: o máximo é ${valor(issue.maximum)}.`
        : `Muito grande: deve ser menor que ${valor(issue.maximum)}.`;
    }
    case 'invalid_type':
      return issue.input === undefined ? 'Campo obrigatório.' : undefined;
    case 'invalid_value':
      return 'Opção inválida.';
    case 'invalid_format':
      return FORMATOS[issue.format];
    case 'not_multiple_of':
      return `Valor inválido: deve ser múltiplo de ${valor(issue.divisor)}.`;
    default:
      return undefined;
  }
};

/**
 * Zod's own messages in Brazilian Portuguese, defined here and nowhere else: every bound, type and format error
 * a person can see. Called once by each entry point (server main, CLI, web main) and by the test setup; schemas
 * keep a hand-written message only where it says more than the library can (spec texts, "Informe o e-mail.").
 * `ptBR` is imported by name so the web bundle carries one locale, not all of them.
 */
export function configureZodPortuguese(): void {
  z.config({ ...ptBR(), customError: mensagemBrasileira });
}
