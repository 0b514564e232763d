/**
 * The institution login variants of spec §5 (ADR 173):
 * - `pessoas_duplicadas`: the user code (login name or document number) first; when several persons share
 *   it, the patron chooses the account ("Escolha a conta") and the username sent is `code{sep}cod_pessoa`;
 * - `categoria`: the patron picks their category and the username sent is `user{sep}category code`.
 * Both switched on by the institution parameter `login_variante`, with `separador_login` (default "#").
 */
import type { Db } from "../db/index.ts";
import { institutionParameters as storedParameters } from "../db/institution.ts";
import { categoriesByCode, firstLoginName, loginNameInCategory, personsWithLoginByDocument } from "../db/person-logins.ts";
import { allowEvent } from "../db/rate-limit.ts";

export type LoginVariant = "pessoas_duplicadas" | "categoria";

/** Spec §5: the category codes offered at login by the institution that uses them, in its order. */
export const LOGIN_CATEGORY_CODES = ["01", "19", "03", "06", "07", "21", "09", "05", "12", "Intercamb", "MembroComun", "08", "04", "10"] as const;

const DEFAULT_SEPARATOR = "#";

/** The variant and separator from the institution parameters. */
export function loginVariantOf(params: Record<string, unknown>): { login_variante: LoginVariant | null; separador_login: string } {
  const v = params.login_variante;
  const sep =
    typeof params.separador_login === "string" && params.separador_login.length > 0 && params.separador_login.length <= 3
      ? params.separador_login
      : DEFAULT_SEPARATOR;
  return { login_variante: v === "pessoas_duplicadas" || v === "categoria" ? v : null, separador_login: sep };
}

/**
 * The categories the login offers under the category variant: the spec's codes, in its order, that the
 * library has in its own category table, each named by the library's description. A code the library does not
 * have is left out (no person can be in it, so it could never sign in). Empty under any other variant.
 */
export async function loginCategories(db: Db, params: Record<string, unknown>): Promise<Array<{ codigo: string; descricao: string }>> {
  if (loginVariantOf(params).login_variante !== "categoria") return [];
  const rows = await categoriesByCode(db, [...LOGIN_CATEGORY_CODES]);
  const byCode = new Map(rows.map((r) => [r.cod_categoria, r.descricao]));
  return LOGIN_CATEGORY_CODES.flatMap((codigo) => {
    const descricao = byCode.get(codigo)?.trim();
    return descricao ? [{ codigo, descricao }] : [];
  });
}

/**
 * `GET duplicadas?usuario`: the accounts sharing the user code when there is more than one. Each is named by
 * its category (not the person's name: whoever types a document number must not learn whose it is).
 */
export async function duplicatePersons(
  db: Db,
  params: Record<string, unknown>,
  code: string,
): Promise<{ result: boolean; pessoas: Array<{ codigo: number; nome: string }> }> {
  if (loginVariantOf(params).login_variante !== "pessoas_duplicadas" || !code.trim()) return { result: false, pessoas: [] };
  const persons = await personsWithLoginByDocument(db, code.trim());
  if (persons.length < 2) return { result: false, pessoas: [] };
  return { result: true, pessoas: persons.map((p) => ({ codigo: p.cod_pessoa, nome: p.descricao })) };
}

/**
 * The login name a username stands for under the institution's variant. A name the variant does not
 * recognise is returned as typed, so it fails (or succeeds) exactly as a plain login would.
 */
export async function resolveLoginName(db: Db, params: Record<string, unknown>, username: string): Promise<string> {
  const { login_variante, separador_login: sep } = loginVariantOf(params);
  if (!login_variante) return username;
  const at = username.lastIndexOf(sep);
  const [code, suffix] = at > 0 ? [username.slice(0, at).trim(), username.slice(at + sep.length).trim()] : [username.trim(), ""];
  if (login_variante === "pessoas_duplicadas") {
    if (!suffix) {
      // A user code that is a document number of exactly one person stands for that person's login.
      const persons = await personsWithLoginByDocument(db, code);
      return persons.length === 1 ? ((await firstLoginName(db, persons[0].cod_pessoa)) ?? username) : username;
    }
    if (!/^\d{1,10}$/.test(suffix)) return username;
    const persons = await personsWithLoginByDocument(db, code);
    const chosen = persons.find((p) => p.cod_pessoa === Number(suffix));
    return chosen ? ((await firstLoginName(db, chosen.cod_pessoa)) ?? username) : username;
  }
  // Category variant: the login name or document number whose person is in that category.
  if (!suffix || !(LOGIN_CATEGORY_CODES as readonly string[]).includes(suffix)) return username;
  return (await loginNameInCategory(db, code, suffix)) ?? username;
}

/** The institution's parameters (one institution per database). */
export async function institutionParameters(db: Db): Promise<Record<string, unknown>> {
  const parametros = await storedParameters(db);
  try {
    const value: unknown = JSON.parse(parametros ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Lookups of duplicate persons allowed per client address in 15 minutes (each answer says a code exists). */
export const DUPLICATE_LOOKUPS_PER_IP = 30;

/** Counts a duplicate-person lookup from a client address; false past the limit (ADR 173). */
export async function admitDuplicateLookup(db: Db, clientIp: string | null | undefined, now: number): Promise<boolean> {
  if (!clientIp) return true;
  return (await allowEvent(db, `dup:${clientIp}`, DUPLICATE_LOOKUPS_PER_IP, now, 15 * 60_000)).allowed;
}
