import { randomInt } from 'node:crypto';
import type { PixConfig } from './config';
import { buildBrCode } from './pix/brcode';
import type { PaymentProvider } from './provider';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 25-character [A-Za-z0-9] txid, the longest a static code's 62-05 takes. */
function staticTxid(): string {
  return Array.from({ length: 25 }, () => ALNUM[randomInt(ALNUM.length)]).join('');
}

/**
 * Static PIX (PIX_PROVIDER=static): the BR Code for the operator's key is built here, with the charge's amount and
 * txid; nobody tells us it was paid, so the operator confirms payments seen in its bank through the operator API
 * (POST /backend/operador/licenca/confirmar-pagamento).
 */
export function staticPixProvider(config: Extract<PixConfig, { provider: 'static' }>): PaymentProvider {
  return {
    kind: 'static',
    newTxid: staticTxid,
    async createCharge({ txid, valor, descricao }) {
      return {
        txid,
        pixCopiaECola: buildBrCode({ chave: config.chave, nome: config.nome, cidade: config.cidade, valor, txid, descricao }),
      };
    },
    async readCharge() {
      return null;
    },
    async cancelCharge() {},
    close() {},
  };
}
