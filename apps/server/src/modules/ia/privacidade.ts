/** Personal data replaced before text goes to the AI provider (the account may turn it off). */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const CNPJ = /(?<![\d/])\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?!\d)/g;
const CPF = /(?<![\d.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;
/** 13 to 19 digits, in groups or not; kept as a card only when the Luhn check passes (not any long number). */
const CARTAO = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** CPF, CNPJ, card numbers and e-mail addresses as `[CPF]`, `[CNPJ]`, `[CARTAO]`, `[EMAIL]`. */
export function ocultarDadosPessoais(texto: string): string {
  return texto
    .replace(EMAIL, '[EMAIL]')
    .replace(CARTAO, (m) => (luhn(m.replace(/\D/g, '')) ? '[CARTAO]' : m))
    .replace(CNPJ, '[CNPJ]')
    .replace(CPF, '[CPF]');
}
