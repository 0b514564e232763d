/**
 * Single sign-on rules (ADR 160): a flow is started once, completed once, within ten minutes; the provider's
 * identity maps to a library patron by e-mail, and nobody is created: an unknown person is refused.
 */
import crypto from "node:crypto";
import type { Db } from "../db/index.ts";
import { consumeFlow, deleteFlowsBefore, insertFlow, patronsByCpf, patronsByEmail, type SsoFlowRow } from "../db/sso.ts";

/** How long a started login may take at the provider before it can no longer complete. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

const hash = (nonce: string) => crypto.createHash("sha256").update(nonce).digest("hex");

/** A new nonce: 32 random bytes, base64url. Only its hash is stored. */
export function newNonce(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Records a started flow under its nonce; flows older than a day are swept away on the way. */
export async function startFlow(
  db: Db,
  now: number,
  tipo: SsoFlowRow["tipo"],
  nonce: string,
  data: { estado?: string; verificador?: string; pedido_saml?: string },
): Promise<void> {
  await deleteFlowsBefore(db, new Date(now - 86_400_000).toISOString());
  await insertFlow(db, {
    nonce_hash: hash(nonce),
    tipo,
    estado: data.estado ?? null,
    verificador: data.verificador ?? null,
    pedido_saml: data.pedido_saml ?? null,
    criado_em: new Date(now).toISOString(),
  });
}

/**
 * Takes the flow of `nonce` for completion (it can be taken once). Null for an unknown, already used or expired
 * nonce (the route answers it as a token validation error).
 */
export async function takeFlow(db: Db, now: number, tipo: SsoFlowRow["tipo"], nonce: string): Promise<SsoFlowRow | null> {
  const flow = nonce ? await consumeFlow(db, hash(nonce), tipo, new Date(now).toISOString()) : null;
  if (!flow || now - Date.parse(flow.criado_em) > SSO_FLOW_TTL_MS) return null;
  return flow;
}

/**
 * The patron a provider's identity names (ADR 160): the one patron with a login whose e-mail equals the
 * identity's e-mail (case-insensitive). None, or several, is nobody (null, "user not found"): the library's records
 * decide who may sign in, and no patron is ever created here.
 */
export async function patronForEmail(db: Db, email: string | null | undefined): Promise<number | null> {
  return patronForIdentities(db, "email", email ? [email] : []);
}

/**
 * The patron an identity with several values names (ADR 162: a person may have several `mail` values, or the
 * institution matches by another attribute): every value is looked up in `field`; exactly one patron across all
 * of them signs in. None, or several different patrons, is nobody (null, "user not found").
 */
export async function patronForIdentities(db: Db, field: "email" | "cpf", values: readonly string[]): Promise<number | null> {
  const found = new Set<number>();
  for (const value of values.slice(0, 20)) {
    const ids = field === "cpf" ? await patronsByCpf(db, value) : value.includes("@") ? await patronsByEmail(db, value) : [];
    for (const id of ids) found.add(id);
  }
  if (found.size !== 1) return null;
  return [...found][0];
}
