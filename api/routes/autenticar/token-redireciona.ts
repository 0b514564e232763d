/** One-time tickets that hand the patron's login to the institution's other systems (/autenticar/token-redireciona). */
import { createHash, randomBytes } from "node:crypto";
import { storeRedirectTicket } from "../../db/autenticar.ts";
import type { ApiDeps } from "../../lib/http.ts";

/** Redirect tickets live this long. */
export const REDIRECT_TOKEN_SECONDS = 60;

/** A one-time ticket (REDIRECT_TOKEN_SECONDS) that hands the patron's login to another system; stored hashed. */
export async function issueRedirectTicket(deps: ApiDeps, codPessoa: number): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const expires = new Date(deps.auth.now() + REDIRECT_TOKEN_SECONDS * 1000).toISOString();
  await storeRedirectTicket(deps.db, { token_hash: createHash("sha256").update(token).digest("hex"), cod_pessoa: codPessoa, expires_at: expires });
  return token;
}
