import fs from "node:fs";
import path from "node:path";

/** The main test server's mail outbox (tests/support/start-server.mjs gives it DATA_DIR .e2e-data/main). */
const OUTBOX = path.resolve(import.meta.dirname, "../../.e2e-data/main/outbox");

interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  /** Files written beside the message (`file`, in the outbox folder). */
  attachments?: Array<{ filename: string; contentType: string; size: number; file: string }>;
}

function mailsTo(address: string): Array<{ file: string; mail: OutboxMail }> {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, mail: JSON.parse(fs.readFileSync(path.join(OUTBOX, file), "utf8")) as OutboxMail }))
    .filter(({ mail }) => mail.to.includes(address));
}

/** The latest message to `address` already in the outbox, or undefined (for a case that reads it at once). */
export function lastMailTo(address: string): OutboxMail | undefined {
  return mailsTo(address).at(-1)?.mail;
}

/** How many messages the outbox holds for `address` (take it before the action that sends one). */
export function outboxCount(address: string): number {
  return mailsTo(address).length;
}

/**
 * Waits for a message to `address` beyond the first `after` ones and returns the verification code in it
 * (the API sends the mail off the response path, so it can land a moment after the redirect).
 */
export async function waitForRecoveryCode(address: string, after: number, timeoutMs = 5000): Promise<string> {
  const mail = await waitForMail(address, after, timeoutMs);
  const code = /\b(\d{4,10})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no recovery code in the e-mail to ${address}`);
  return code;
}

/** The latest message to `address` beyond the first `after` ones, waiting for it a moment; with its attachments' bytes. */
export async function waitForMail(address: string, after: number, timeoutMs = 5000): Promise<OutboxMail & { files: Buffer[] }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(address);
    if (mails.length > after) {
      const { mail } = mails[mails.length - 1];
      return { ...mail, files: (mail.attachments ?? []).map((a) => fs.readFileSync(path.join(OUTBOX, a.file))) };
    }
    if (Date.now() > until) throw new Error(`no e-mail to ${address} after ${after}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
