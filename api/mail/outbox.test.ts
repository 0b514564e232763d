import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../app.ts";
import { createTestApi, get, login, publicToken } from "../lib/testing.ts";
import { seedDeclarations } from "../seed/declarations.ts";
import { MAX_ATTEMPTS, createMailer, createSmtpTransport, deliverDueMail, retryDelayMs, startMailSender, type Mailer } from "./index.ts";
import { claimSlot, takeLease } from "../db/task-lease.ts";

/** Tests of the mail outbox and its background sender (ADR 197) against real SMTP servers on 127.0.0.1. */

let t: Awaited<ReturnType<typeof createTestApi>>;
const closers: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
  await seedDeclarations(t.db);
});
afterAll(async () => t.cleanup());
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await t.db.deleteFrom("email_saida").execute();
  await t.db.deleteFrom("tarefa_exclusiva").execute();
});

const FROM = "Biblioteca Central <biblioteca@example.edu>";
const REPLY_TO = "atendimento@example.edu";

/** A port nothing listens on (an SMTP server that is down). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A real SMTP server on 127.0.0.1 that accepts every message and keeps its raw text. */
async function smtpServer(port = 0): Promise<{ port: number; received: string[] }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return { port: (server.server.address() as net.AddressInfo).port, received };
}

/** A server that takes the connection and never says a word (a mail server that hangs). */
async function hangingServer(): Promise<number> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => void sockets.push(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return (server.address() as net.AddressInfo).port;
}

const smtp = (port: number) => `smtp://127.0.0.1:${port}`;
const mailerFor = (port: number): Mailer => createMailer({ db: t.db, smtpUrl: smtp(port), from: FROM, replyTo: REPLY_TO });
const transportFor = (port: number) => {
  const transport = createSmtpTransport(smtp(port), { timeoutMs: 500 });
  closers.push(() => transport.close());
  return transport;
};
const MAIL = { to: ["ana@example.org"], subject: "Assunto", text: "Corpo da mensagem" };
const rows = () => t.db.selectFrom("email_saida").selectAll().orderBy("id").execute();
const quiet = () => {};

describe("the outbox", () => {
  it("keeps a message as pending without talking to the SMTP server", async () => {
    const server = await smtpServer();
    await mailerFor(server.port).send(MAIL);
    const [row] = await rows();
    expect(row).toMatchObject({ situacao: "pendente", tentativas: 0, destinatarios: "ana@example.org", assunto: "Assunto" });
    expect(server.received).toHaveLength(0);
  });

  it("does not keep a message whose transaction is rolled back", async () => {
    const mailer = mailerFor(await freePort());
    await expect(
      t.db.transaction().execute(async (trx) => {
        await mailer.send(MAIL, { db: trx });
        throw new Error("what caused the message failed");
      }),
    ).rejects.toThrow("what caused the message failed");
    expect(await rows()).toHaveLength(0);
  });

  it("without an SMTP server, writes the message to the file outbox with the configured sender", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-outbox-"));
    closers.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await createMailer({ db: t.db, outboxDir: dir, from: FROM, replyTo: REPLY_TO }).send(MAIL);
    const [file] = fs.readdirSync(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))).toMatchObject({
      from: FROM,
      replyTo: REPLY_TO,
      to: MAIL.to,
      subject: "Assunto",
    });
    expect((await rows())[0].situacao).toBe("enviado");
  });
});

describe("the background sender", () => {
  it("delivers a pending message with the configured From, Reply-To and the message's own Message-ID", async () => {
    const server = await smtpServer();
    await mailerFor(server.port).send({
      ...MAIL,
      attachments: [{ filename: "d.pdf", content: Buffer.from("%PDF-1.7"), contentType: "application/pdf" }],
    });
    const r = await deliverDueMail(t.db, transportFor(server.port), { from: FROM, replyTo: REPLY_TO, log: quiet });
    expect(r).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ situacao: "enviado", tentativas: 1 });
    const raw = server.received[0];
    expect(raw).toContain(`From: ${FROM}`);
    expect(raw).toContain(`Reply-To: ${REPLY_TO}`);
    expect(raw).toContain(`Message-ID: ${row.message_id}`);
    expect(raw).toContain("filename=d.pdf");
  });

  it("keeps the message when the SMTP server is down and sends it after the backoff once the server is back", async () => {
    const port = await freePort();
    await mailerFor(port).send(MAIL);
    let now = Date.now();
    const opts = { from: FROM, log: quiet, now: () => now };
    expect(await deliverDueMail(t.db, transportFor(port), opts)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ situacao: "pendente", tentativas: 1, proxima_tentativa: new Date(now + 30_000).toISOString() });
    expect(row.ultimo_erro).toMatch(/ECONNREFUSED|connect/i);

    const server = await smtpServer(port);
    now += 29_000;
    expect(await deliverDueMail(t.db, transportFor(port), opts)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    now += 1_000;
    expect(await deliverDueMail(t.db, transportFor(port), opts)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ situacao: "enviado", tentativas: 2, ultimo_erro: null });
  });

  it("waits twice as long after each failed attempt, at most an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(60 * 60 * 1000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(60 * 60 * 1000);
  });

  it("gives a message up after the last attempt", async () => {
    const port = await freePort();
    await mailerFor(port).send(MAIL);
    await t.db
      .updateTable("email_saida")
      .set({ tentativas: MAX_ATTEMPTS - 1 })
      .execute();
    expect(await deliverDueMail(t.db, transportFor(port), { from: FROM, log: quiet })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await rows())[0]).toMatchObject({ situacao: "falhou", tentativas: MAX_ATTEMPTS, proxima_tentativa: null });
  });

  it("gives up on a server that hangs after its time limit, and tries again later", async () => {
    const port = await hangingServer();
    await mailerFor(port).send(MAIL);
    const started = Date.now();
    expect(await deliverDueMail(t.db, transportFor(port), { from: FROM, log: quiet })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await rows())[0]).toMatchObject({ situacao: "pendente", tentativas: 1 });
  });

  it("sends each message once when two senders run at the same time", async () => {
    const server = await smtpServer();
    const mailer = mailerFor(server.port);
    for (let i = 0; i < 5; i++) await mailer.send({ ...MAIL, subject: `Mensagem ${i}` });
    const [a, b] = await Promise.all([
      deliverDueMail(t.db, transportFor(server.port), { from: FROM, log: quiet }),
      deliverDueMail(t.db, transportFor(server.port), { from: FROM, log: quiet }),
    ]);
    expect(a.sent + b.sent).toBe(5);
    expect(server.received).toHaveLength(5);
  });

  it("runs in one process at a time: the lease is another's until it runs out", async () => {
    const now = Date.now();
    expect(await takeLease(t.db, "email", "primeiro", now, 60_000)).toBe(true);
    expect(await takeLease(t.db, "email", "segundo", now + 1_000, 60_000)).toBe(false);
    expect(await takeLease(t.db, "email", "primeiro", now + 30_000, 60_000)).toBe(true);
    expect(await takeLease(t.db, "email", "segundo", now + 80_000, 60_000)).toBe(false);
    expect(await takeLease(t.db, "email", "segundo", now + 91_000, 60_000)).toBe(true);
  });

  it("gives each period of a periodic task to one claimant (the hourly reminders of several processes)", async () => {
    const hour = 3_600_000;
    const slot = Math.floor(Date.now() / hour) * hour;
    const claims = await Promise.all(["a", "b", "c"].map((who) => claimSlot(t.db, "periodic-test", who, slot)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimSlot(t.db, "periodic-test", "a", slot)).toBe(false);
    expect(await claimSlot(t.db, "periodic-test", "b", slot - hour)).toBe(false);
    expect(await claimSlot(t.db, "periodic-test", "b", slot + hour)).toBe(true);
  });

  it("delivers a kept message by itself when started in the server", async () => {
    const server = await smtpServer();
    await mailerFor(server.port).send(MAIL);
    const stop = startMailSender(t.db, transportFor(server.port), { from: FROM, intervalMs: 50, log: quiet });
    closers.unshift(stop);
    await expect.poll(() => server.received.length, { timeout: 5_000 }).toBe(1);
  });

  it("leaves the messages to the server that holds the lease", async () => {
    const server = await smtpServer();
    await mailerFor(server.port).send(MAIL);
    await takeLease(t.db, "email", "another-server", Date.now(), 60_000);
    const stop = startMailSender(t.db, transportFor(server.port), { from: FROM, intervalMs: 20, log: quiet });
    closers.unshift(stop);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.received).toHaveLength(0);
  });
});

describe("what the patron sees when the SMTP server is down or slow", () => {
  const appWith = (port: number) => createApiApp({ db: t.db, auth: { now: t.clock.now }, mailer: mailerFor(port) });

  it("the declaration's e-mail is accepted at once (202) and kept, whatever the SMTP server", async () => {
    for (const port of [await freePort(), await hangingServer()]) {
      const app = appWith(port);
      const tok = (await login(app, "egresso")).access_token;
      const form = new FormData();
      form.set("arquivo", new Blob([Buffer.from("%PDF-1.7\n%%EOF\n")]), "nada-consta.pdf");
      const started = Date.now();
      const res = await app.request("/api/nada-consta/send-mail", { method: "POST", headers: { authorization: `Bearer ${tok}` }, body: form });
      expect(res.status).toBe(202);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    const kept = await rows();
    expect(kept.map((r) => r.situacao)).toEqual(["pendente", "pendente"]);
    expect(JSON.parse(kept[0].mensagem!).attachments[0]).toMatchObject({ contentType: "application/pdf" });
  });

  it("the recovery code's e-mail is kept for the sender while the page answers as usual", async () => {
    const app = appWith(await freePort());
    const res = await get(app, "/api/pessoas/posgrad/recuperar-senha", await publicToken(app), "1");
    expect(res.status).toBe(200);
    await expect.poll(async () => (await rows()).map((r) => r.situacao)).toEqual(["pendente"]);
  });
});
