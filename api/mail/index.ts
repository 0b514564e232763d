import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Kysely } from "kysely";
import type { DB, Db } from "../db/index.ts";
import { releaseLease, takeLease } from "../db/task-lease.ts";

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (e.g. a declaration's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058, ADR 248). */
  headers?: Record<string, string>;
}

export interface SendOptions {
  /**
   * Where the message is written: pass the transaction of what caused it, so the message is kept exactly when
   * that is (ADR 197). The mailer's own handle otherwise.
   */
  db?: Kysely<DB>;
}

/** Sends the API's e-mail (baskets, recovery codes, declarations, alerts). */
export interface Mailer {
  send(mail: OutgoingMail, options?: SendOptions): Promise<void>;
}

/** The sender when MAIL_FROM is not set. */
export const DEFAULT_FROM = "Estante <no-reply@biblioteca.example.org>";

/** How the API's e-mail leaves: SMTP_URL, MAIL_FROM and MAIL_REPLY_TO (ADR 197). */
export interface MailSettings {
  smtpUrl?: string;
  from: string;
  replyTo?: string;
}

/** The mail settings in `env` (process.env by default); empty values count as unset. */
export function mailSettingsFromEnv(env: Record<string, string | undefined> = process.env): MailSettings {
  return { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || DEFAULT_FROM, replyTo: env.MAIL_REPLY_TO || undefined };
}

/** Why `value` is not one e-mail address with an optional name ("Biblioteca <biblioteca@example.edu>"), or null. */
export function addressProblem(value: string): string | null {
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1 || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(parsed[0].address ?? "")) {
    return "must be one e-mail address, optionally with a name: Biblioteca <biblioteca@example.edu>";
  }
  return null;
}

/** The domain of the sender's address ("example.edu"), for the messages' Message-ID. */
function domainOf(from: string): string {
  return addressparser(from, { flatten: true })[0]?.address?.split("@")[1] || "estante.invalid";
}

/** Why `value` is not an SMTP URL nodemailer can use (smtp:// or smtps://, with a host), or null. */
export function smtpUrlProblem(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname) return null;
  } catch {
    // falls through
  }
  return "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.edu:465";
}

/** What `email_saida.mensagem` holds: the message, attachments in base64. */
interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
  headers?: Record<string, string>;
}

/**
 * Writes the API's messages to the outbox table `email_saida` (ADR 197), on the caller's transaction when given.
 * - With an SMTP server (`smtpUrl`) the row waits as `pendente` for the background sender (`startMailSender`):
 *   nothing here talks to the server, so a server that is down, misconfigured or slow never fails or delays
 *   the request that wrote the message, and retrying that request never sends a message that was kept.
 * - Without one, the message is "delivered" to the file outbox at once: the row is `enviado` and, when
 *   `outboxDir` is given, one JSON file per message (attachments beside it), which tests and the demo read.
 */
export function createMailer({
  db,
  smtpUrl,
  outboxDir,
  from = DEFAULT_FROM,
  replyTo,
}: {
  db: Db;
  smtpUrl?: string;
  outboxDir?: string;
  from?: string;
  replyTo?: string;
}): Mailer {
  return {
    async send(mail, options = {}) {
      const stored: StoredMail = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content.toString("base64"),
        })),
      };
      const now = new Date().toISOString();
      const row = await (options.db ?? db)
        .insertInto("email_saida")
        .values({
          destinatarios: mail.to.join(";"),
          assunto: mail.subject,
          corpo: mail.html ?? mail.text,
          mensagem: smtpUrl ? JSON.stringify(stored) : null,
          situacao: smtpUrl ? "pendente" : "enviado",
          proxima_tentativa: smtpUrl ? now : null,
          enviado_em: smtpUrl ? null : now,
          message_id: `<${crypto.randomUUID()}@${domainOf(from)}>`,
        })
        .returning(["id"])
        .executeTakeFirstOrThrow();
      if (!smtpUrl && outboxDir) writeOutboxFile(outboxDir, row.id, mail, { from, replyTo, date: now });
    },
  };
}

/** The mailer the server and the commands use: the settings in `env`, the file outbox in `dataDir`/outbox. */
export function mailerFromEnv(db: Db, dataDir: string, env: Record<string, string | undefined> = process.env): Mailer {
  return createMailer({ db, ...mailSettingsFromEnv(env), outboxDir: path.resolve(dataDir, "outbox") });
}

function writeOutboxFile(outboxDir: string, id: number, mail: OutgoingMail, meta: { from: string; replyTo?: string; date: string }) {
  fs.mkdirSync(outboxDir, { recursive: true });
  const base = String(id).padStart(6, "0");
  // Attachments are written beside the message (000012-declaracao.pdf); the JSON names them.
  const attachments = (mail.attachments ?? []).map((a) => {
    const name = `${base}-${path.basename(a.filename)}`;
    fs.writeFileSync(path.join(outboxDir, name), a.content);
    return { filename: a.filename, contentType: a.contentType, size: a.content.length, file: name };
  });
  const file = path.join(outboxDir, `${base}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ from: meta.from, ...(meta.replyTo ? { replyTo: meta.replyTo } : {}), ...mail, attachments, date: meta.date }, null, 2),
  );
}

/** Messages in the database outbox, newest first (for tests and the demo). */
export async function readOutbox(db: Db) {
  return db.selectFrom("email_saida").selectAll().orderBy("id", "desc").execute();
}

// ---------------------------------------------------------------------------------------------------------------
// The background sender (ADR 197)

/** Delivery attempts before a message is given up (`falhou`): about 14 hours of retries. */
export const MAX_ATTEMPTS = 20;

/** How long to wait after failed attempt `n` (1-based): 30 s, doubling, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

/** The SMTP transport for `smtpUrl`, with time limits so a server that hangs cannot hold the sender. */
export function createSmtpTransport(smtpUrl: string, { timeoutMs = 30_000 }: { timeoutMs?: number } = {}) {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
}

/** What the sender needs of a transport (nodemailer's, or a test's). */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
}

const MAIL_TASK = "email";

/** How long the mail task's lease lasts unless renewed (the sender renews it every few seconds). */
const LEASE_MS = 60_000;

export interface DeliveryOptions {
  from: string;
  replyTo?: string;
  now?: () => number;
  /** Messages looked at per run. */
  batch?: number;
  log?: (m: string) => void;
  /** Called before each message: false stops the run (the sender lost its lease). */
  stillHolding?: () => Promise<boolean>;
}

/**
 * Delivers the outbox's messages that are due, oldest first. Each is claimed before it is sent (its attempt
 * counted and its next try set, by a conditional UPDATE), so two senders never send the same message and a
 * process that dies mid-send retries it after the backoff. Returns what happened to the messages it tried.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  opts: DeliveryOptions,
): Promise<{ sent: number; retrying: number; failed: number }> {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.log(m));
  const result = { sent: 0, retrying: 0, failed: 0 };
  const due = await db
    .selectFrom("email_saida")
    .select(["id", "tentativas"])
    .where("situacao", "=", "pendente")
    .where("proxima_tentativa", "<=", new Date(now()).toISOString())
    .orderBy("id")
    .limit(opts.batch ?? 20)
    .execute();
  for (const { id, tentativas } of due) {
    if (opts.stillHolding && !(await opts.stillHolding())) break;
    const attempt = Number(tentativas) + 1;
    const claimed = await db
      .updateTable("email_saida")
      .set({ tentativas: attempt, proxima_tentativa: new Date(now() + retryDelayMs(attempt)).toISOString() })
      .where("id", "=", id)
      .where("situacao", "=", "pendente")
      .where("tentativas", "=", Number(tentativas))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const row = await db.selectFrom("email_saida").select(["mensagem", "message_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    try {
      const m = JSON.parse(row.mensagem ?? "null") as StoredMail;
      await transport.sendMail({
        from: opts.from,
        replyTo: opts.replyTo,
        to: m.to.join(", "),
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: row.message_id ?? undefined,
        ...(m.headers ? { headers: m.headers } : {}),
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, "base64") })),
      });
      await db
        .updateTable("email_saida")
        .set({ situacao: "enviado", enviado_em: new Date(now()).toISOString(), ultimo_erro: null })
        .where("id", "=", id)
        .execute();
      result.sent++;
    } catch (err) {
      const why = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const giveUp = attempt >= MAX_ATTEMPTS;
      await db
        .updateTable("email_saida")
        .set({ ultimo_erro: why, ...(giveUp ? { situacao: "falhou" as const, proxima_tentativa: null } : {}) })
        .where("id", "=", id)
        .execute();
      if (giveUp) {
        result.failed++;
        log(`[estante] e-mail ${id} not delivered after ${attempt} attempts, given up: ${why}`);
      } else {
        result.retrying++;
        log(`[estante] e-mail ${id} not delivered (attempt ${attempt}), retrying in ${Math.round(retryDelayMs(attempt) / 1000)} s: ${why}`);
      }
    }
  }
  return result;
}

/** How often the sender looks for due messages. */
export const MAIL_POLL_MS = 5_000;

/**
 * Runs the outbox's delivery in this process: every `intervalMs` it takes (or renews) the database lease of
 * the mail task and, holding it, delivers what is due. Any number of server processes may run it; one sends
 * at a time. Returns a function that stops it (and gives the lease back). The timer does not keep the process alive.
 */
export function startMailSender(
  db: Db,
  transport: MailTransport,
  {
    from,
    replyTo,
    intervalMs = MAIL_POLL_MS,
    leaseMs = LEASE_MS,
    now = Date.now,
    log = (m: string) => console.log(m),
    holder = `${process.pid}-${crypto.randomUUID()}`,
  }: { from: string; replyTo?: string; intervalMs?: number; leaseMs?: number; now?: () => number; log?: (m: string) => void; holder?: string },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const holding = () => takeLease(db, MAIL_TASK, holder, now(), leaseMs);
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        if (!(await holding())) return;
        await deliverDueMail(db, transport, { from, replyTo, now, log, stillHolding: holding });
      } catch (err) {
        console.error("[estante] the mail sender failed:", err instanceof Error ? err.message : err);
      } finally {
        running = null;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await releaseLease(db, MAIL_TASK, holder).catch(() => undefined);
  };
}

/**
 * For the commands (`npm run reminders`, …): delivers what is due now, unless a running server holds the mail
 * task (its sender delivers it within seconds). Without SMTP_URL there is nothing to deliver.
 */
export async function deliverMailOnce(db: Db, env: Record<string, string | undefined> = process.env): Promise<void> {
  const { smtpUrl, from, replyTo } = mailSettingsFromEnv(env);
  if (!smtpUrl) return;
  const holder = `${process.pid}-${crypto.randomUUID()}`;
  if (!(await takeLease(db, MAIL_TASK, holder, Date.now(), LEASE_MS))) return;
  const transport = createSmtpTransport(smtpUrl);
  try {
    await deliverDueMail(db, transport, { from, replyTo });
  } finally {
    transport.close();
    await releaseLease(db, MAIL_TASK, holder);
  }
}
