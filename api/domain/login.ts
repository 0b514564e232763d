import type { Db } from "../db/index.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { ApiError } from "../lib/errors.ts";
import { verifyPassword } from "../lib/password.ts";

/**
 * Checks a username and password. Consecutive failures are counted per login; reaching the limit
 * locks it for `lockMinutes` (429). A library block (pessoa.bloqueado) does NOT stop the login: the
 * token is issued and `dados-usuario` answers `bloqueio: true` (ADR 011).
 */
export async function authenticate(db: Db, s: AuthSettings, username: string, password: string): Promise<{ codPessoa: number; codLogin: number }> {
  const now = s.now();
  const login = await db
    .selectFrom("login")
    .select(["cod_login", "cod_pessoa", "senha_hash", "senha_salt", "tentativas_falhas", "bloqueado_ate"])
    .where("usuario", "=", username.trim().toLowerCase())
    .executeTakeFirst();
  if (!login) {
    // Same work as a real check, so response time does not reveal which usernames exist.
    verifyPassword(password, "00", "estante");
    throw new ApiError(401, "credenciais_invalidas");
  }
  if (login.bloqueado_ate && Date.parse(login.bloqueado_ate) > now) {
    throw new ApiError(429, "muitas_tentativas");
  }
  if (!verifyPassword(password, login.senha_hash, login.senha_salt)) {
    // A lock that has run out starts a fresh count.
    const previous = login.bloqueado_ate ? 0 : login.tentativas_falhas;
    const failures = previous + 1;
    const locked = failures >= s.maxFailedLogins;
    await db
      .updateTable("login")
      .set({ tentativas_falhas: locked ? 0 : failures, bloqueado_ate: locked ? new Date(now + s.lockMinutes * 60_000).toISOString() : null })
      .where("cod_login", "=", login.cod_login)
      .execute();
    throw locked ? new ApiError(429, "muitas_tentativas") : new ApiError(401, "credenciais_invalidas");
  }
  if (login.tentativas_falhas > 0 || login.bloqueado_ate) {
    await db.updateTable("login").set({ tentativas_falhas: 0, bloqueado_ate: null }).where("cod_login", "=", login.cod_login).execute();
  }
  return { codPessoa: login.cod_pessoa, codLogin: login.cod_login };
}
