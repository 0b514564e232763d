import type { Kysely } from "kysely";
import { requestRebuild } from "./derived-data.ts";

/**
 * Titles file without their initial article (ADR 216): `acervo.titulo_caracteres_ignorados` keeps the MARC
 * nonfiling-characters indicator of the title (245 second indicator, 0–9), and the title browse index sorts by
 * the title without that many leading characters ("A estrutura das revoluções científicas", 2: under E).
 * Titles imported before are filled here from their stored MARC; their browse entries are rebuilt after the
 * migrations (api/db/migrations/derived-data.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("acervo")
    .addColumn("titulo_caracteres_ignorados", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // PostgreSQL runs a migration inside a transaction already; SQLite's runs get one per batch (one commit each).
  const inTransaction = (fn: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  let last = 0;
  let changed = false;
  for (;;) {
    const rows = (await db
      .selectFrom("acervo")
      .select(["cod_acervo", "titulo", "marc"])
      .where("cod_acervo", ">", last)
      .orderBy("cod_acervo")
      .limit(1000)
      .execute()) as Array<{ cod_acervo: number; titulo: string; marc: string | null }>;
    if (rows.length === 0) break;
    last = rows[rows.length - 1].cod_acervo;
    const counted = rows.map((r) => ({ ...r, n: storedNonFiling(r.marc) })).filter((r) => r.n > 0 && r.titulo !== "[s.t.]");
    if (counted.length === 0) continue;
    changed = true;
    await inTransaction(async (trx) => {
      for (let n = 1; n <= 9; n++) {
        const ids = counted.filter((r) => r.n === n).map((r) => r.cod_acervo);
        if (ids.length) await trx.updateTable("acervo").set({ titulo_caracteres_ignorados: n }).where("cod_acervo", "in", ids).execute();
      }
    });
  }
  // Their title browse entries are rewritten by the current indexer once every migration has run.
  if (changed) await requestRebuild(db, "guias");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("acervo").dropColumn("titulo_caracteres_ignorados").execute();
}

type StoredField = string | { ind1?: string; ind2?: string; subfields?: Array<Record<string, string>> };

/**
 * The title's nonfiling count from the stored MARC-in-JSON, as the importer reads it (api/marc/map.ts, copied
 * here so the migration stays as it ran): 245's second indicator when the 245 has a title ($a); otherwise the
 * first of 130 (first indicator), 240 or 242 (second) or 246 (none) that gives the title.
 */
function storedNonFiling(marc: string | null): number {
  let fields: Array<Record<string, StoredField>>;
  try {
    fields = (JSON.parse(marc ?? "{}") as { fields?: Array<Record<string, StoredField>> }).fields ?? [];
  } catch {
    return 0;
  }
  const first = (tags: string[]) => {
    for (const f of fields) for (const [tag, v] of Object.entries(f)) if (tags.includes(tag) && typeof v !== "string") return { tag, ...v };
    return undefined;
  };
  const has = (f: { subfields?: Array<Record<string, string>> }, codes: string) =>
    (f.subfields ?? []).some((s) => Object.entries(s).some(([c, v]) => codes.includes(c) && String(v).trim() !== ""));
  const digit = (i: string | undefined) => (i && /^[0-9]$/.test(i) ? Number(i) : 0);
  const f245 = first(["245"]);
  if (f245 && has(f245, "a")) return digit(f245.ind2);
  if (f245 && has(f245, "knp")) return 0;
  const alt = first(["130", "240", "246", "242"]);
  if (!alt || alt.tag === "246") return 0;
  return digit(alt.tag === "130" ? alt.ind1 : alt.ind2);
}
