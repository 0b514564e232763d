/** Storage of the captcha's secret and of the challenges already used (migration 040, ADR 170). */
import crypto from "node:crypto";
import type { Db } from "./index.ts";

const SECRET_KEY = "captcha_segredo";

/**
 * The HMAC secret that signs captcha challenges: made once from the CSPRNG and kept in the database, so every
 * worker and every restart verifies the challenges the others issued.
 */
export async function captchaSecret(db: Db): Promise<string> {
  const row = await db.selectFrom("estado_instalacao").select("valor").where("chave", "=", SECRET_KEY).executeTakeFirst();
  if (row) return row.valor;
  const fresh = crypto.randomBytes(32).toString("hex");
  // Two workers racing on the first challenge: whichever insert wins is the secret both read back.
  await db
    .insertInto("estado_instalacao")
    .values({ chave: SECRET_KEY, valor: fresh })
    .onConflict((oc) => oc.column("chave").doNothing())
    .execute();
  const stored = await db.selectFrom("estado_instalacao").select("valor").where("chave", "=", SECRET_KEY).executeTakeFirstOrThrow();
  return stored.valor;
}

/**
 * Marks a challenge used. True the first time; false when it was used before (a replay). Expired marks are
 * pruned on the way.
 */
export async function markCaptchaUsed(db: Db, signature: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
  await db.deleteFrom("captcha_usado").where("expires_at", "<", new Date(nowMs).toISOString()).execute();
  const hash = crypto.createHash("sha256").update(signature).digest("hex");
  const res = await db
    .insertInto("captcha_usado")
    .values({ assinatura_hash: hash, expires_at: new Date(expiresAtMs).toISOString() })
    .onConflict((oc) => oc.column("assinatura_hash").doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
