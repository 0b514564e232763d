/**
 * Demo interest profiles (ADR 191): demo's profile names the most common subject, author and area of the catalogue's books, so it
 * matches the demo catalogue (its areas-of-interest page lists titles, and an import of related records alerts
 * demo), narrowed to books, and follows a periodical when the catalogue has one. Two more patrons, with no
 * profile, are the ones the browser tests change (one per JavaScript mode, so runs never share state).
 */
import { sql } from "kysely";
import { addProfileItems, insertFollowedPeriodical, replaceWorkTypes, setProfileValidity } from "../db/interest-profiles.ts";
import type { Db } from "../db/index.ts";
import { PERIODICAL_WORK_TYPE } from "../domain/interest-profiles.ts";
import { materialCode } from "../marc/map.ts";
import { hashPassword } from "../lib/password.ts";
import { classLabel } from "../search/index.ts";
import { DEMO_EMPRESA } from "./institution.ts";
import { DEMO_PASSWORD } from "./patrons.ts";

const BOOK = materialCode("book");

/** Patrons the interest-profile browser tests change (password demo1234). */
export const INTEREST_TEST_LOGINS = [
  { login: "interesse1", nome: "Otávio Ramos Teixeira", email: "otavio.teixeira@example.org" },
  { login: "interesse2", nome: "Sofia Almeida Barros", email: "sofia.barros@example.org" },
] as const;

/** A patron who follows the demo periodical for its new issues (password demo1234). */
export const PERIODICAL_READER = { login: "periodicos", nome: "Lúcia Andrade Prado", email: "lucia.prado@example.org" } as const;

/** The most frequent derived value (A author, S subject) among the catalogue's books. */
async function commonest(db: Db, tipo: "A" | "S") {
  return db
    .selectFrom("faceta_valor as v")
    .innerJoin("acervo_faceta as af", "af.cod_valor", "v.cod_valor")
    .innerJoin("acervo as a", "a.cod_acervo", "af.cod_acervo")
    .select(["v.codigo", "v.descricao"])
    .where("v.tipo", "=", tipo)
    .where("a.cod_tipo_obra", "=", BOOK)
    .groupBy(["v.codigo", "v.descricao"])
    .orderBy(sql`count(*)`, "desc")
    .orderBy("v.codigo")
    .executeTakeFirst();
}

/** Seeds the demo interest profiles; safe to call once on a new database after seedPatrons. */
export async function seedInterestProfiles(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const demo = await db.selectFrom("pessoa").select(["cod_pessoa", "cod_categoria"]).where("cod_pessoa", "=", 1).executeTakeFirst();
  if (!demo) return;
  const validity = new Date(now);
  validity.setUTCFullYear(validity.getUTCFullYear() + 1);
  const subject = await commonest(db, "S");
  const author = await commonest(db, "A");
  const cls = sql<string>`upper(substr(trim(classificacao), 1, 1))`;
  const area = await db
    .selectFrom("acervo")
    .select(cls.as("codigo"))
    .where("classificacao", "is not", null)
    .where("cod_tipo_obra", "=", BOOK)
    .where(sql<boolean>`${cls} BETWEEN '0' AND '9'`)
    .groupBy(cls)
    .orderBy(sql`count(*)`, "desc")
    .executeTakeFirst();
  await setProfileValidity(db, demo.cod_pessoa, validity.toISOString().slice(0, 10));
  await addProfileItems(db, demo.cod_pessoa, [
    ...(subject ? [{ tipo_dsi: "assunto", cod_tipo_area: 0, ...subject }] : []),
    ...(author ? [{ tipo_dsi: "autor", cod_tipo_area: 0, ...author }] : []),
    ...(area ? [{ tipo_dsi: "area", cod_tipo_area: 1, codigo: area.codigo, descricao: classLabel(area.codigo, "pt") }] : []),
  ]);
  if (subject || author || area) await replaceWorkTypes(db, demo.cod_pessoa, [BOOK]);
  // Periodicals whose issues the library records (the title-page seed's kardex), so a new issue can arrive (ADR 196).
  const withIssues = await db
    .selectFrom("acervo as a")
    .select("a.cod_acervo")
    .where("a.cod_tipo_obra", "=", PERIODICAL_WORK_TYPE)
    .where((eb) => eb.exists(eb.selectFrom("fasciculo as f").select("f.cod_fasciculo").whereRef("f.cod_acervo", "=", "a.cod_acervo")))
    .orderBy("a.titulo")
    .limit(2)
    .execute();
  const journal =
    withIssues[0] ??
    (await db.selectFrom("acervo").select("cod_acervo").where("cod_tipo_obra", "=", PERIODICAL_WORK_TYPE).orderBy("titulo").executeTakeFirst());
  if (journal) await insertFollowedPeriodical(db, demo.cod_pessoa, journal.cod_acervo, ["fasciculos", "sumarios"]);

  // The interest-profile test patrons, and a reader who follows a periodical for its new issues (the browser tests
  // receive issues for her).
  let readerId = 0;
  for (const p of [...INTEREST_TEST_LOGINS, PERIODICAL_READER]) {
    const row = await db
      .insertInto("pessoa")
      .values({ cod_empresa: DEMO_EMPRESA, cod_categoria: demo.cod_categoria, nome_pessoa: p.nome, email: p.email })
      .returning("cod_pessoa")
      .executeTakeFirstOrThrow();
    const { hash, salt } = hashPassword(DEMO_PASSWORD);
    await db.insertInto("login").values({ cod_pessoa: row.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" }).execute();
    if (p === PERIODICAL_READER) readerId = row.cod_pessoa;
  }
  // Another periodical than demo's when there is one, so tests that receive its issues leave demo's alerts alone.
  const readerJournal = withIssues[1] ?? journal;
  if (readerJournal) await insertFollowedPeriodical(db, readerId, readerJournal.cod_acervo, ["fasciculos"]);
  log(`interest profiles: demo follows ${[subject?.descricao, author?.descricao, area && classLabel(area.codigo, "pt")].filter(Boolean).join(", ")}`);
}
