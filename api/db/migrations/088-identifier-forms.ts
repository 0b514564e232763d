import type { Kysely } from "kysely";
import { requestTitleReindex } from "./derived-data.ts";

/**
 * ISBNs, ISSNs and the title sort without the initial article (ADR 223). The search index now holds every
 * ISBN of a title as its ISBN-13 and every ISSN compact and in halves, and "Title (A–Z)" sorts by the title as
 * it files (ADR 216). Titles indexed before are listed here for the current indexer to rewrite after the
 * migrations (derived-data.ts): those whose ISBN field is anything but one ISBN-13 of 13 digits, those with an
 * ISSN, and those filed without leading characters. The others' entries are already what the indexer writes now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await requestTitleReindex(db, []);
  let last = 0;
  for (;;) {
    const rows = (await db
      .selectFrom("acervo")
      .select(["cod_acervo", "isbn", "issn", "titulo_caracteres_ignorados"])
      .where("cod_acervo", ">", last)
      .orderBy("cod_acervo")
      .limit(2000)
      .execute()) as Array<{ cod_acervo: number; isbn: string | null; issn: string | null; titulo_caracteres_ignorados: number | null }>;
    if (rows.length === 0) return;
    last = rows[rows.length - 1].cod_acervo;
    const stale = rows
      .filter(
        (r) => (r.isbn !== null && !/^\d{13}$/.test(r.isbn)) || (r.issn !== null && r.issn.trim() !== "") || (r.titulo_caracteres_ignorados ?? 0) > 0,
      )
      .map((r) => r.cod_acervo);
    await requestTitleReindex(db, stale);
  }
}

export async function down(): Promise<void> {
  // The index entries written here are what the indexer writes; nothing to undo.
}
