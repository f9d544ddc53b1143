import type { TContato } from '@balcao/shared/atendimentos';

/** A card without any name (a sender may leave FN and N out). */
const SEM_NOME = 'Contato';

type Line = { nome: string; params: Map<string, string[]>; valor: string };

/** `\,` `\;` `\n` and `\\` as RFC 6350 §3.4 escapes them. */
const unescapeValue = (v: string) => v.replace(/\\([\\,;nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
/** Splits on the separators that are not escaped (ORG's components, N's parts). */
const parts = (v: string) => v.split(/(?<!\\);/).map((p) => unescapeValue(p).trim());
const filled = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/** Each property of the card: folded lines joined (a line starting with a space continues the one before), params by name. */
function lines(vcard: string): Line[] {
  const unfolded = vcard.replace(/\r\n/g, '\n').replace(/\n[ \t]/g, '');
  return unfolded.split('\n').flatMap((raw) => {
    const colon = raw.indexOf(':');
    if (colon <= 0) return [];
    const [head = '', ...ps] = raw.slice(0, colon).split(';');
    const params = new Map<string, string[]>();
    for (const p of ps) {
      const eq = p.indexOf('=');
      // vCard 2.1 writes a bare type (`TEL;CELL:`): it is a TYPE.
      const [k, v] = eq < 0 ? ['TYPE', p] : [p.slice(0, eq).toUpperCase(), p.slice(eq + 1)];
      params.set(k, [...(params.get(k) ?? []), ...v.split(',').map((t) => t.replace(/"/g, ''))]);
    }
    // Apple and WhatsApp group properties as `item1.TEL`: the group is not part of the name.
    return [{ nome: head.replace(/^[^.]*\./, '').toUpperCase(), params, valor: raw.slice(colon + 1) }];
  });
}

/** The first type that says what a number or an address is (not VOICE/PREF/INTERNET, which every one has). */
const tipoDe = (l: Line) =>
  filled((l.params.get('TYPE') ?? []).find((t) => !['VOICE', 'PREF', 'INTERNET', 'X-INTERNET'].includes(t.toUpperCase()))) ?? null;

/**
 * A contact card WhatsApp Web sends (a vCard 3.0, as the phone writes it) as Balcão keeps a card: the same
 * fields as the Cloud API's contacts, each in its own field, never text parsed back later.
 */
export function parseVCard(vcard: string, displayName?: string | null): TContato {
  const ls = lines(vcard);
  const first = (nome: string) => ls.find((l) => l.nome === nome);
  const n = first('N') ? parts(first('N')!.valor) : [];
  const org = first('ORG') ? parts(first('ORG')!.valor) : [];
  const organizacao = {
    empresa: filled(org[0]),
    departamento: filled(org[1]),
    cargo: filled(first('TITLE') && unescapeValue(first('TITLE')!.valor)),
  };
  return {
    nome:
      filled(first('FN') && unescapeValue(first('FN')!.valor)) ??
      filled([n[1], n[0]].filter(Boolean).join(' ')) ??
      filled(displayName ?? '') ??
      SEM_NOME,
    telefones: ls.flatMap((l) => {
      if (l.nome !== 'TEL') return [];
      // WhatsApp adds the number's WhatsApp id (`waid=`) beside the number as typed; the typed one is shown.
      const numero = filled(unescapeValue(l.valor).replace(/^tel:/i, '')) ?? filled(l.params.get('WAID')?.[0]);
      return numero ? [{ numero, tipo: tipoDe(l) }] : [];
    }),
    emails: ls.flatMap((l) => {
      const email = l.nome === 'EMAIL' ? filled(unescapeValue(l.valor)) : null;
      return email ? [{ email, tipo: tipoDe(l) }] : [];
    }),
    organizacao: organizacao.empresa || organizacao.departamento || organizacao.cargo ? organizacao : null,
  };
}
