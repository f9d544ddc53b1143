import { Resolver } from 'node:dns/promises';
import type { TDominioStatus } from '@balcao/shared/documentacao';
import type { Db } from '../../lib/db';
import { centralDaConta, marcarDominioVerificado } from './service';
import { NotFound } from '../../lib/errors';

/** Whether `dominio` points at `alvo` in DNS: a CNAME to it, or the same A/AAAA addresses. Never throws. */
async function apontaPara(dominio: string, alvo: string): Promise<boolean> {
  const r = new Resolver({ timeout: 3000, tries: 1 });
  const semPonto = (s: string) => s.toLowerCase().replace(/\.$/, '');
  const cname = await r.resolveCname(dominio).catch(() => [] as string[]);
  if (cname.some((c) => semPonto(c) === semPonto(alvo))) return true;
  const enderecos = async (h: string) => [
    ...(await r.resolve4(h).catch(() => [] as string[])),
    ...(await r.resolve6(h).catch(() => [] as string[])),
  ];
  const [deles, nossos] = await Promise.all([enderecos(dominio), enderecos(alvo)]);
  return deles.length > 0 && deles.every((a) => nossos.includes(a));
}

/**
 * A centre's custom domain: the DNS record the master creates (a CNAME to PUBLIC_URL's host) and whether it
 * is in place now (checked at each call; the date of the last success is kept).
 */
export async function dominioStatus(db: Db, accountId: string, id: string, origem: string): Promise<TDominioStatus> {
  const c = await centralDaConta(db, accountId, id);
  if (!c.dominio) throw new NotFound('Esta central não tem domínio próprio.');
  const alvo = new URL(origem).hostname;
  const verificado = await apontaPara(c.dominio, alvo);
  const agora = verificado ? await marcarDominioVerificado(db, accountId, id) : c;
  return {
    dominio: c.dominio,
    registro: { tipo: 'CNAME', nome: c.dominio, valor: alvo },
    verificado,
    verificadoEm: agora.dominioVerificadoEm?.toISOString() ?? null,
  };
}
