import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { DEMO_EMPRESA } from "./institution.ts";

const DAY = 86_400_000;

/** Deterministic 0..n-1 from two integers (the demo must be the same on every first start). */
function pick(a: number, b: number, n: number): number {
  let h = (a * 2654435761 + b * 40503) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
  return ((h ^ (h >>> 13)) >>> 0) % n;
}

const ARTICLES = [
  "Editorial",
  "Acesso aberto e avaliação da pesquisa",
  "Leitura e formação de leitores na universidade",
  "Preservação digital de acervos raros",
  "Indicadores de uso em bibliotecas universitárias",
  "Metadados e interoperabilidade entre catálogos",
  "Resenha",
  "Entrevista",
];
const AUTHORS = ["Souza, Ana Paula", "Lima, Roberto", "Costa, Helena M.", "Almeida, João P.", "Ferreira, Marta", null];
const PERIODS = ["jan./mar.", "abr./jun.", "jul./set.", "out./dez."];

/**
 * Demo data of the title sub-pages, after the patrons exist:
 * - a loan history (returned loans of the last six years) for every title with copies, lent to a
 *   dedicated "historical reader" so no demo patron's own history changes (dados-estatisticos);
 * - quarterly issues of the last three years, with tables of contents, for the first periodicals
 *   (colecao-kardex, sumarios);
 * - the first online links of the catalogue marked as restricted (acesso-restrito).
 */
export async function seedTitlePages(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const thisYear = new Date(now).getUTCFullYear();
  await db.transaction().execute(async (trx) => {
    const reader = await trx
      .insertInto("pessoa")
      .values({ cod_empresa: DEMO_EMPRESA, cod_categoria: "01", nome_pessoa: "Leitor do histórico de demonstração", email: null, documento: null })
      .returning("cod_pessoa")
      .executeTakeFirstOrThrow();

    const copies = await trx
      .selectFrom("exemplar")
      .select(["cod_acervo", sql<number>`min(cod_exemplar)`.as("cod_exemplar"), sql<number>`min(cod_biblioteca)`.as("cod_biblioteca")])
      .groupBy("cod_acervo")
      .orderBy("cod_acervo")
      .execute();
    const loans: Array<{
      cod_exemplar: number;
      cod_pessoa: number;
      cod_biblioteca: number;
      data_emprestimo: string;
      data_devolucao_prevista: string;
      data_devolucao: string;
    }> = [];
    for (const c of copies) {
      for (let y = thisYear - 5; y <= thisYear; y++) {
        const n = pick(c.cod_acervo, y, 7);
        for (let i = 0; i < n; i++) {
          // Spread over the year, and never in the future: the current year stops 30 days before today.
          const start = Date.UTC(y, 0, 1);
          const end = Math.min(Date.UTC(y, 11, 1), now - 30 * DAY);
          if (end <= start) continue;
          const lent = start + Math.floor(((i + 0.5) / n) * (end - start));
          const iso = (t: number) => new Date(t).toISOString();
          loans.push({
            cod_exemplar: Number(c.cod_exemplar),
            cod_pessoa: reader.cod_pessoa,
            cod_biblioteca: Number(c.cod_biblioteca),
            data_emprestimo: iso(lent),
            data_devolucao_prevista: iso(lent + 14 * DAY),
            data_devolucao: iso(lent + (7 + pick(c.cod_acervo, i, 10)) * DAY),
          });
        }
      }
    }
    for (let i = 0; i < loans.length; i += 500)
      await trx
        .insertInto("emprestimo")
        .values(loans.slice(i, i + 500))
        .execute();

    const serials = await trx.selectFrom("acervo").select("cod_acervo").where("cod_tipo_obra", "=", 2).orderBy("cod_acervo").limit(8).execute();
    let issues = 0;
    for (const [s, { cod_acervo }] of serials.entries()) {
      const libraries = s % 2 === 0 ? [1, 2] : [1];
      for (const cod_biblioteca of libraries) {
        for (let y = thisYear - 2; y <= thisYear; y++) {
          for (let q = 0; q < 4; q++) {
            const published = Date.UTC(y, q * 3 + 2, 15);
            if (published > now) continue;
            const late = y === thisYear && Date.UTC(y, q * 3 + 5, 15) > now && pick(cod_acervo, q, 2) === 0;
            const row = await trx
              .insertInto("fasciculo")
              .values({
                cod_acervo,
                cod_biblioteca,
                ano: y,
                volume: String(y - 1990),
                numero: String(q + 1),
                periodo: PERIODS[q],
                data_publicacao: new Date(published).toISOString().slice(0, 10),
                data_chegada: late ? null : new Date(published + (10 + pick(cod_acervo, y + q, 20)) * DAY).toISOString().slice(0, 10),
                situacao: late ? "atrasado" : "recebido",
                observacao: late ? "Fascículo cobrado do fornecedor" : null,
              })
              .returning("cod_fasciculo")
              .executeTakeFirstOrThrow();
            issues++;
            if (late || cod_biblioteca !== 1) continue;
            const entries = 3 + pick(cod_acervo, y * 4 + q, 3);
            await trx
              .insertInto("sumario")
              .values(
                Array.from({ length: entries }, (_, i) => ({
                  cod_acervo,
                  cod_fasciculo: row.cod_fasciculo,
                  ordem: i + 1,
                  titulo: ARTICLES[(i + pick(cod_acervo, y * 4 + q, ARTICLES.length)) % ARTICLES.length],
                  autor: AUTHORS[pick(cod_acervo + i, y + q, AUTHORS.length)],
                  pagina: String(1 + i * 14),
                })),
              )
              .execute();
          }
        }
      }
    }

    const links = await trx.selectFrom("acervo_link").select("cod_link").orderBy("cod_link").limit(6).execute();
    if (links.length)
      await trx
        .updateTable("acervo_link")
        .set({ restrito: 1 })
        .where(
          "cod_link",
          "in",
          links.filter((_, i) => i % 2 === 0).map((l) => l.cod_link),
        )
        .execute();
    log(`title pages: ${loans.length} past loans, ${issues} periodical issues, ${Math.ceil(links.length / 2)} restricted links`);
  });
}

/** The demo's closed stacks (migration 091): the rare-books location of the libraries that keep these titles. */
const CLOSED_STACKS_TITLES = ["Os Lusiadas", "Dom Casmurro"];
export const CLOSED_STACKS_LOCATION = "Obras raras";

/**
 * Moves the copies of two classics of the demo catalogue to the rare-books location of their library and marks
 * that location closed, so these titles (and only they) have the "acervo fechado" page. Skipped when a location
 * is already marked, or when the titles are not in the catalogue.
 */
export async function seedClosedStacks(db: Db, { log = (_m: string) => {} }: { log?: (m: string) => void } = {}): Promise<void> {
  if (await db.selectFrom("localizacao_fechada").select("cod_biblioteca").executeTakeFirst()) return;
  const titles = await db.selectFrom("acervo").select("cod_acervo").where("titulo", "in", CLOSED_STACKS_TITLES).execute();
  if (titles.length === 0) return;
  const ids = titles.map((t) => t.cod_acervo);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("exemplar").set({ localizacao: CLOSED_STACKS_LOCATION }).where("cod_acervo", "in", ids).execute();
    const libraries = await trx.selectFrom("exemplar").select("cod_biblioteca").distinct().where("cod_acervo", "in", ids).execute();
    if (libraries.length)
      await trx
        .insertInto("localizacao_fechada")
        .values(libraries.map((l) => ({ cod_biblioteca: l.cod_biblioteca, localizacao: CLOSED_STACKS_LOCATION })))
        .execute();
  });
  log(`seeded closed stacks ("${CLOSED_STACKS_LOCATION}") for ${ids.length} titles`);
}

/** The demo's sign-language video (ADR 256): a link described as a Libras video, on one classic of the catalogue. */
export const LIBRAS_VIDEO_TITLE = "Dom Casmurro";
export const LIBRAS_VIDEO = { url: "https://videos.example.org/libras/dom-casmurro", descricao: "Vídeo em Libras: apresentação da obra" };

/**
 * Gives one title of the demo catalogue a Libras video link (an 856 the library described as such), so the title
 * page's "Vídeo em Libras" section can be seen. Skipped when the link exists or the title is not in the catalogue.
 */
export async function seedLibrasVideo(db: Db, { log = (_m: string) => {} }: { log?: (m: string) => void } = {}): Promise<void> {
  const title = await db.selectFrom("acervo").select("cod_acervo").where("titulo", "=", LIBRAS_VIDEO_TITLE).orderBy("cod_acervo").executeTakeFirst();
  if (!title) return;
  const existing = await db
    .selectFrom("acervo_link")
    .select("cod_link")
    .where("cod_acervo", "=", title.cod_acervo)
    .where("url", "=", LIBRAS_VIDEO.url)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto("acervo_link")
    .values({ cod_acervo: title.cod_acervo, ...LIBRAS_VIDEO, acessibilidade: 1 })
    .execute();
  log(`seeded a Libras video link on "${LIBRAS_VIDEO_TITLE}"`);
}
