import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox } from '../db/schema/outbox';
import type { Db } from './db';

export type Email = { to: string; subject: string; text: string };
export type Mailer = { send: (email: Email) => Promise<void> };

/** Every e-mail is written to the outbox first; with SMTP_URL it is then sent, without it a log line says where it went. */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(email) {
      const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
      if (!transport) {
        log.info(
          { outboxId: row!.id, to: email.to, subject: email.subject, text: email.text },
          'e-mail guardado na caixa de saída (sem SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...email });
        await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row!.id));
      } catch (err) {
        log.error({ err, outboxId: row!.id }, 'falha ao enviar e-mail');
        await db
          .update(emailOutbox)
          .set({ error: String(err) })
          .where(eq(emailOutbox.id, row!.id));
      }
    },
  };
}
