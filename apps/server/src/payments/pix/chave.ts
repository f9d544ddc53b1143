/**
 * A PIX key in the form the DICT stores it, which the payer's bank looks up as typed in the BR Code: CPF/CNPJ
 * digits only (check digits verified), phones as +55 and digits, e-mails and random keys (EVP) in lower case.
 */
export type ChaveNormalizada = { ok: true; chave: string } | { ok: false; motivo: string };

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MASCARA_CPF = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const MASCARA_CNPJ = /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/;
const EMAIL_MAX = 77;

/** The mod-11 check digit of CPF and CNPJ over `digits` with these weights. */
function digito(digits: string, pesos: number[]): number {
  const soma = pesos.reduce((acc, p, i) => acc + p * Number(digits[i]), 0);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

function cpfValido(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const d1 = digito(cpf, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === Number(cpf[9]) && digito(cpf, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(cpf[10]);
}

function cnpjValido(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const d1 = digito(cnpj, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === Number(cnpj[12]) && digito(cnpj, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(cnpj[13]);
}

/** A Brazilian mobile or landline: DDD (11-99) and 8 or 9 digits, with or without the country code. */
function telefone(digitos: string): string | null {
  const nacional = digitos.length >= 12 && digitos.startsWith('55') ? digitos.slice(2) : digitos;
  return /^[1-9][1-9]\d{8,9}$/.test(nacional) ? `+55${nacional}` : null;
}

export function normalizarChavePix(raw: string): ChaveNormalizada {
  const v = raw.trim();
  if (v.includes('@')) {
    const email = v.toLowerCase();
    if (!EMAIL.test(email) || email.length > EMAIL_MAX) return { ok: false, motivo: 'e-mail inválido como chave PIX' };
    return { ok: true, chave: email };
  }
  if (EVP.test(v)) return { ok: true, chave: v.toLowerCase() };
  if (/[^\d\s.()/+-]/.test(v)) return { ok: false, motivo: 'não é CPF, CNPJ, telefone, e-mail nem chave aleatória' };
  const digitos = v.replace(/\D/g, '');
  if (MASCARA_CPF.test(v) || (!v.startsWith('+') && !v.includes('(') && digitos.length === 11 && cpfValido(digitos)))
    return cpfValido(digitos) ? { ok: true, chave: digitos } : { ok: false, motivo: 'CPF com dígitos verificadores inválidos' };
  if (MASCARA_CNPJ.test(v) || digitos.length === 14)
    return cnpjValido(digitos) ? { ok: true, chave: digitos } : { ok: false, motivo: 'CNPJ com dígitos verificadores inválidos' };
  const fone = telefone(digitos);
  if (fone && (!v.startsWith('+') || v.startsWith('+55'))) return { ok: true, chave: fone };
  return { ok: false, motivo: 'não é CPF, CNPJ, telefone +55, e-mail nem chave aleatória' };
}
