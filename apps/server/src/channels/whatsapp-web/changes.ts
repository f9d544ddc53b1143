import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AnyMessageContent } from 'baileys';
import type { AppContext } from '../../context';
import { atendimentos, clientes, mensagens, type MensagemRow } from '../../db/schema/atendimentos';
import { wapiLeituras } from '../../db/schema/wapi';
import { jidOf } from './send';
import type { WaSocket } from './socket';

const CLAIM_BATCH = 20;
/** The customer's latest messages a read receipt names. */
const READ_BATCH = 20;
type Log = { error: (o: object, m?: string) => void };
type Paced = <T>(fn: () => Promise<T>) => Promise<T>;

/**
 * WhatsApp Web's work besides sends, run by the outbox after a number's sends and paced like them: edits
 * and deletions for everyone of messages already sent (mensagens.alteracao), and blue ticks asked on any
 * instance (wapi_leituras), each taken once by the instance running the number's socket.
 */
export class WapiChanges {
  constructor(
    private readonly ctx: AppContext,
    private readonly socketOf: (canalId: string) => WaSocket | undefined,
    private readonly log: Log,
  ) {}

  /** Which of these numbers have an edit or deletion, or a read receipt waiting (UNION: each once). */
  async waiting(canalIds: string[]) {
    if (canalIds.length === 0) return [];
    const rows = await union(
      this.ctx.db
        .select({ canalId: atendimentos.canalId })
        .from(mensagens)
        .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
        .where(and(isNotNull(mensagens.alteracao), inArray(atendimentos.canalId, canalIds))),
      this.ctx.db.select({ canalId: wapiLeituras.canalId }).from(wapiLeituras).where(inArray(wapiLeituras.canalId, canalIds)),
    );
    return rows.map((r) => r.canalId);
  }

  /** One number's edits and deletions, then its read receipts; answers how many it took. */
  async run(canalId: string, paced: Paced): Promise<number> {
    const changes = await this.claimChanges(canalId);
    for (const [i, c] of changes.entries())
      if (!(await this.sendChange(canalId, c, paced))) {
        await this.unclaimChanges(changes.slice(i));
        return changes.length;
      }
    const reads = await this.ctx.db.delete(wapiLeituras).where(eq(wapiLeituras.canalId, canalId)).returning();
    for (const r of reads) await this.sendRead(canalId, r.atendimentoId);
    return changes.length + reads.length;
  }

  private async claimChanges(canalId: string) {
    const due = this.ctx.db
      .select({ id: mensagens.id })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .where(and(isNotNull(mensagens.alteracao), eq(atendimentos.canalId, canalId)))
      .orderBy(asc(mensagens.seq))
      .limit(CLAIM_BATCH)
      .for('update', { of: mensagens, skipLocked: true });
    const rows = await this.ctx.db.update(mensagens).set({ alteracao: null }).where(inArray(mensagens.id, due)).returning();
    return rows.sort((a, b) => a.seq - b.seq);
  }

  /**
   * Edits and deletions claimed but never handed to a socket are marked again for the next connection, from the
   * message's own state (a deletion made meanwhile already marked it, and wins).
   */
  private async unclaimChanges(rows: MensagemRow[]) {
    const ids = rows.map((r) => r.id);
    await this.ctx.db
      .update(mensagens)
      .set({ alteracao: sql`case when ${mensagens.apagada} then 'apagar' else 'editar' end` })
      .where(and(inArray(mensagens.id, ids), isNull(mensagens.alteracao)));
  }

  private async customerOf(atendimentoId: string) {
    const [c] = await this.ctx.db
      .select({ identificador: clientes.identificador, numero: clientes.numero })
      .from(atendimentos)
      .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
      .where(eq(atendimentos.id, atendimentoId))
      .limit(1);
    return c ?? null;
  }

  /**
   * WhatsApp's edit (the new text under the original key) or delete for everyone (`delete`), paced like sends.
   * False when the socket closed before it was handed over (left to the caller to put back).
   */
  private async sendChange(canalId: string, m: MensagemRow, paced: Paced): Promise<boolean> {
    try {
      const jid = jidOf(await this.customerOf(m.atendimentoId));
      if (!jid || !m.externalId) throw new Error('edição sem destino');
      const key = { remoteJid: jid, id: m.externalId, fromMe: true };
      return await paced(async () => {
        const sock = this.socketOf(canalId);
        if (!sock) return false;
        await sock.sendMessage(jid, (m.apagada ? { delete: key } : { text: m.conteudo, edit: key }) as AnyMessageContent);
        return true;
      });
    } catch (err) {
      this.log.error({ err, mensagemId: m.id }, 'WhatsApp Web: edição ou exclusão não enviada');
      return true;
    }
  }

  /** The customer's latest messages in that conversation marked read on WhatsApp (not paced: no message leaves). */
  private async sendRead(canalId: string, atendimentoId: string) {
    try {
      const sock = this.socketOf(canalId);
      const jid = jidOf(await this.customerOf(atendimentoId));
      if (!sock || !jid) return;
      const unread = await this.ctx.db
        .select({ externalId: mensagens.externalId })
        .from(mensagens)
        .where(and(eq(mensagens.atendimentoId, atendimentoId), eq(mensagens.autor, 'cliente'), isNotNull(mensagens.externalId)))
        .orderBy(desc(mensagens.seq))
        .limit(READ_BATCH);
      if (unread.length) await sock.readMessages(unread.map((u) => ({ remoteJid: jid, id: u.externalId!, fromMe: false })));
    } catch (err) {
      this.log.error({ err, atendimentoId }, 'WhatsApp Web: confirmação de leitura não enviada');
    }
  }
}
