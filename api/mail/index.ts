import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Db } from "../db/index.ts";

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (e.g. a declaration's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Sends the API's e-mail (baskets, recovery codes, declarations, alerts). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP when `smtpUrl` is set; otherwise an outbox: a row in `email_saida` plus, when `outboxDir`
 * is given, one JSON file per message, so tests and the demo can read what would have been sent.
 */
export function createMailer({ db, smtpUrl, outboxDir, from = "Estante <no-reply@biblioteca.example.org>" }: { db: Db; smtpUrl?: string; outboxDir?: string; from?: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to.join(", "), subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
      },
    };
  }
  return {
    async send(mail) {
      const row = await db
        .insertInto("email_saida")
        .values({ destinatarios: mail.to.join(";"), assunto: mail.subject, corpo: mail.html ?? mail.text })
        .returning(["id"])
        .executeTakeFirstOrThrow();
      if (outboxDir) {
        fs.mkdirSync(outboxDir, { recursive: true });
        const base = String(row.id).padStart(6, "0");
        // Attachments are written beside the message (000012-declaracao.pdf); the JSON names them.
        const attachments = (mail.attachments ?? []).map((a) => {
          const name = `${base}-${path.basename(a.filename)}`;
          fs.writeFileSync(path.join(outboxDir, name), a.content);
          return { filename: a.filename, contentType: a.contentType, size: a.content.length, file: name };
        });
        const file = path.join(outboxDir, `${base}.json`);
        fs.writeFileSync(file, JSON.stringify({ from, ...mail, attachments, date: new Date().toISOString() }, null, 2));
      }
    },
  };
}

/** Messages waiting in the database outbox, newest first (for tests and the demo). */
export async function readOutbox(db: Db) {
  return db.selectFrom("email_saida").selectAll().orderBy("id", "desc").execute();
}
