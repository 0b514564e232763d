/**
 * Demo people for the login variants (ADR 172): a person with two logins in two bases (the chooser after
 * login). Password `demo1234`, like every demo login.
 */
import type { Db } from "../db/index.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_EMPRESA } from "./institution.ts";
import { DEMO_PASSWORD } from "./patrons.ts";

/** The document number two demo persons share (the duplicate-persons login variant, ADR 173). */
export const DUPLICATE_DOCUMENT = "9900112233";

/** The README's rows for these logins (kept in step by api/seed/readme.test.ts). */
export const LOGIN_VARIANT_LOGINS = [
  {
    login: "paulo",
    nome: "Paulo Henrique Ramos",
    categoria: "07 Funcionário",
    tem: "dois logins (paulo, base UFD; paulo.hu, base HU-UFD): escolhe com qual trabalhar depois de entrar",
  },
  { login: "paulo.hu", nome: "Paulo Henrique Ramos", categoria: "07 Funcionário", tem: "o segundo login da mesma pessoa" },
  {
    login: "lucia.aluna",
    nome: "Lúcia Ferreira Gomes",
    categoria: "01 Aluno de graduação",
    tem: `documento ${DUPLICATE_DOCUMENT}, compartilhado com lucia.servidora (pessoas duplicadas)`,
  },
  {
    login: "lucia.servidora",
    nome: "Lúcia Ferreira Gomes",
    categoria: "07 Funcionário",
    tem: `documento ${DUPLICATE_DOCUMENT}, compartilhado com lucia.aluna (pessoas duplicadas)`,
  },
] as const;

/** Seeds the people above; runs once on a new demo database. */
export async function seedLoginVariants(db: Db, { log = (_m: string) => {} }: { log?: (m: string) => void } = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await trx
      .insertInto("pessoa")
      .values({
        cod_empresa: DEMO_EMPRESA,
        cod_categoria: "07",
        nome_pessoa: "Paulo Henrique Ramos",
        email: "paulo.ramos@example.org",
        documento: "5000909",
        telefone: "(61) 97777-0000",
        dados_pessoais: JSON.stringify({ nacionalidade: "Brasileira", cidade: "Brasília", uf: "DF" }),
      })
      .returning("cod_pessoa")
      .executeTakeFirstOrThrow();
    for (const [usuario, base] of [
      ["paulo", "UFD"],
      ["paulo.hu", "HU-UFD"],
    ] as const) {
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx.insertInto("login").values({ cod_pessoa: p.cod_pessoa, usuario, senha_hash: hash, senha_salt: salt, base }).execute();
    }
  });
  // One human registered twice (student and employee) under the same document number.
  await db.transaction().execute(async (trx) => {
    for (const [cat, usuario, email] of [
      ["01", "lucia.aluna", "lucia.gomes@example.org"],
      ["07", "lucia.servidora", "lucia.gomes@ufd.example.org"],
    ] as const) {
      const p = await trx
        .insertInto("pessoa")
        .values({
          cod_empresa: DEMO_EMPRESA,
          cod_categoria: cat,
          nome_pessoa: "Lúcia Ferreira Gomes",
          email,
          documento: DUPLICATE_DOCUMENT,
          telefone: "(61) 96666-0000",
          dados_pessoais: JSON.stringify({ nacionalidade: "Brasileira", cidade: "Brasília", uf: "DF" }),
        })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx.insertInto("login").values({ cod_pessoa: p.cod_pessoa, usuario, senha_hash: hash, senha_salt: salt, base: "UFD" }).execute();
    }
  });
  log("seeded the login-variant demo people (paulo / paulo.hu, lucia.aluna / lucia.servidora)");
}
