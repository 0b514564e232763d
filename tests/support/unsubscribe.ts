import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

/** The main test server's database (tests/support/start-server.mjs gives it DATA_DIR .e2e-data/main). */
const FILE = path.resolve(import.meta.dirname, "../../.e2e-data/main/estante.sqlite");

function query<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

/** A patron's code by their login. */
export function patronCode(login: string): number {
  const row = query<{ cod_pessoa: number }>("select cod_pessoa from login where usuario = ?", login);
  if (!row) throw new Error(`no login ${login}`);
  return row.cod_pessoa;
}

/** A patron's saved search's id by its name. */
export function savedSearchId(login: string, name: string): number {
  const row = query<{ id: number }>("select id from pesquisa_salva where cod_pessoa = ? and nome = ?", patronCode(login), name);
  if (!row) throw new Error(`no saved search ${name} of ${login}`);
  return row.id;
}

/**
 * The token an e-mail's unsubscribe link carries (ADR 248), signed with the server's own key, as the reminder and
 * alert jobs write it: `base64url(payload).base64url(HMAC-SHA256(key, "descadastro:" + payload))`, the payload
 * `<patron>:evento:<event>` or `<patron>:pesquisa:<id>`. Written here from the format, so a change to it fails here.
 */
export function unsubscribeToken(login: string, target: { evento: string } | { pesquisa: string }): string {
  const key = query<{ valor: string }>("select valor from chave_assinatura where nome = 'descadastro'")?.valor;
  if (!key) throw new Error("no unsubscribe signing key");
  const what = "evento" in target ? `evento:${target.evento}` : `pesquisa:${savedSearchId(login, target.pesquisa)}`;
  const payload = `${patronCode(login)}:${what}`;
  return `${Buffer.from(payload).toString("base64url")}.${crypto.createHmac("sha256", key).update(`descadastro:${payload}`).digest("base64url")}`;
}
