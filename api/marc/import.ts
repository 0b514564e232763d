import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely, type Transaction } from "kysely";
import { reindexAcervos } from "../search/index.ts";
import type { DB } from "../db/types.ts";
import { MATERIAL_TYPES, mapAuthority, mapCopies, mapTitle, recordKind, sourceKey, type CopyData } from "./map.ts";
import { fromJsonRecord, readRecords } from "./read.ts";
import { toMarcInJson, type MarcRecord } from "./types.ts";

/** A record that could not be imported; recordNumber is 1-based within its file. */
export interface ImportError {
  file: string;
  recordNumber: number;
  message: string;
}

/** Totals of one import run. */
export interface ImportSummary {
  read: number;
  imported: number;
  updated: number;
  skipped: number;
  authorities: number;
  copies: number;
  errors: ImportError[];
}

/** Options of {@link importFiles}. */
export interface ImportOptions {
  /** Institution that owns the titles (default 1). */
  codEmpresa?: number;
  /** Library of a copy from its source branch code; default: match `biblioteca.sigla`, else create one. */
  libraryFor?: (code: string | undefined) => Promise<number> | number;
  /** Called when a file has been read (total = records in it) and after each written batch. */
  onProgress?: (event: { file: string; done: number; total: number }) => void;
  /** Records per transaction (default 250). */
  batchSize?: number;
  /** Give a title with no item fields one copy in the default library (demo data); online-only titles excepted. */
  copyWhenMissing?: boolean;
}

const hash = (s: string, n = 8) => crypto.createHash("sha1").update(s).digest("hex").slice(0, n);

/** Inserts the importer's fixed list of material types into `tipo_obra` when missing. */
export async function ensureMaterialTypes(db: Kysely<DB>): Promise<void> {
  const have = new Set((await db.selectFrom("tipo_obra").select("cod_tipo_obra").execute()).map((r) => r.cod_tipo_obra));
  const missing = MATERIAL_TYPES.filter((t) => !have.has(t.cod));
  if (missing.length) await db.insertInto("tipo_obra").values(missing.map((t) => ({ cod_tipo_obra: t.cod, descricao: t.descricao }))).execute();
}

/**
 * The CLI's library resolver: a branch code matches `biblioteca.sigla` (case-insensitive); an unknown
 * code creates a library under the first campus; no code means the first library.
 */
export function libraryBySigla(db: Kysely<DB>): (code: string | undefined) => Promise<number> {
  const cache = new Map<string, number>();
  return async (code) => {
    const k = (code ?? "").trim().toUpperCase();
    const hit = cache.get(k);
    if (hit) return hit;
    let id: number | undefined;
    if (k) {
      id = (await db.selectFrom("biblioteca").select("cod_biblioteca").where(sql<string>`upper(sigla)`, "=", k).executeTakeFirst())?.cod_biblioteca;
    } else {
      id = (await db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").executeTakeFirst())?.cod_biblioteca;
    }
    if (id === undefined) {
      const campus = await db.selectFrom("campus").select("cod_campus").orderBy("cod_campus").executeTakeFirst();
      if (!campus) throw new Error("no campus to create a library under; seed an institution and a campus first");
      const sigla = (code ?? "").trim() || "BC";
      const row = await db
        .insertInto("biblioteca")
        .values({ cod_campus: campus.cod_campus, desc_biblioteca: code?.trim() || "Biblioteca central", sigla })
        .returning("cod_biblioteca")
        .executeTakeFirstOrThrow();
      id = row.cod_biblioteca;
    }
    cache.set(k, id);
    return id;
  };
}

type Pending = { file: string; recordNumber: number; record: MarcRecord };

/**
 * Imports MARC files (ISO 2709, MARCXML, MARC-in-JSON; format detected by content) into `acervo`,
 * `acervo_link`, `exemplar`, `autoridade` and `acervo_autoridade`. Records are keyed by source key, so a
 * re-import updates instead of duplicating. A bad record is reported in `errors` and never aborts the run.
 */
export async function importFiles(db: Kysely<DB>, files: string[], opts: ImportOptions = {}): Promise<ImportSummary> {
  const summary: ImportSummary = { read: 0, imported: 0, updated: 0, skipped: 0, authorities: 0, copies: 0, errors: [] };
  const libraryFor = opts.libraryFor ?? libraryBySigla(db);
  const batchSize = opts.batchSize ?? 250;
  const codEmpresa = opts.codEmpresa ?? 1;
  const libCache = new Map<string, number>();
  const resolveLibrary = async (code: string | undefined) => {
    const k = code ?? "";
    let id = libCache.get(k);
    if (id === undefined) libCache.set(k, (id = await libraryFor(code)));
    return id;
  };
  await ensureMaterialTypes(db);
  const touched: number[] = [];
  const headingKeys = new Map<number, string[]>();

  for (const file of files) {
    const label = path.basename(file);
    let results;
    try {
      results = await readRecords(fs.readFileSync(file));
    } catch (e) {
      summary.errors.push({ file: label, recordNumber: 0, message: `cannot read file: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    const total = results.length;
    summary.read += total;
    opts.onProgress?.({ file: label, done: 0, total });
    const bibs: Pending[] = [];
    const auths: Pending[] = [];
    for (const r of results) {
      if (!r.record) {
        summary.skipped++;
        summary.errors.push({ file: label, recordNumber: r.recordNumber, message: r.error ?? "unreadable record" });
        continue;
      }
      const kind = recordKind(r.record);
      if (kind === "holdings") summary.skipped++; // standalone MFHD: no bibliographic data to show
      else (kind === "authority" ? auths : bibs).push({ file: label, recordNumber: r.recordNumber, record: r.record });
    }
    let done = total - bibs.length - auths.length;
    for (let i = 0; i < auths.length; i += batchSize) {
      const batch = auths.slice(i, i + batchSize);
      await db.transaction().execute(async (trx) => {
        for (const p of batch) await writeAuthority(trx, p, summary);
      });
      done += batch.length;
      opts.onProgress?.({ file: label, done, total });
    }
    for (let i = 0; i < bibs.length; i += batchSize) {
      const batch = bibs.slice(i, i + batchSize);
      const ids: number[] = [];
      await db.transaction().execute(async (trx) => {
        for (const p of batch) {
          try {
            const r = await writeTitle(trx, p, codEmpresa, resolveLibrary, opts.copyWhenMissing ?? false);
            ids.push(r.cod);
            headingKeys.set(r.cod, r.keys);
            summary[r.isNew ? "imported" : "updated"]++;
            summary.copies += r.copies;
          } catch (e) {
            summary.skipped++;
            summary.errors.push({ file: p.file, recordNumber: p.recordNumber, message: e instanceof Error ? e.message : String(e) });
          }
        }
      });
      await reindexAcervos(db, ids);
      touched.push(...ids);
      done += batch.length;
      opts.onProgress?.({ file: label, done, total });
    }
  }
  // New authorities can match titles imported earlier, so then every title is relinked.
  await linkAuthorities(db, summary.authorities > 0 ? undefined : touched, headingKeys);
  return summary;
}

async function writeAuthority(trx: Transaction<DB>, p: Pending, summary: ImportSummary): Promise<void> {
  const a = mapAuthority(p.record);
  if (!a) {
    summary.skipped++;
    summary.errors.push({ file: p.file, recordNumber: p.recordNumber, message: "authority record without a usable 1XX heading" });
    return;
  }
  const chave = sourceKey(p.record, "aut:");
  const marc = JSON.stringify(toMarcInJson(p.record));
  const existing = await trx.selectFrom("autoridade").select("cod_autoridade").where("chave_origem", "=", chave).executeTakeFirst();
  if (existing) {
    await trx.updateTable("autoridade").set({ ...a, marc, updated_at: sql`CURRENT_TIMESTAMP` }).where("cod_autoridade", "=", existing.cod_autoridade).execute();
  } else {
    await trx.insertInto("autoridade").values({ ...a, chave_origem: chave, marc }).execute();
  }
  summary.authorities++;
}

async function writeTitle(
  trx: Transaction<DB>,
  p: Pending,
  codEmpresa: number,
  resolveLibrary: (code: string | undefined) => Promise<number>,
  copyWhenMissing: boolean,
): Promise<{ cod: number; isNew: boolean; copies: number; keys: string[] }> {
  const { title, links, headingKeys } = mapTitle(p.record);
  const chave = sourceKey(p.record);
  const marc = JSON.stringify(toMarcInJson(p.record));
  const existing = await trx.selectFrom("acervo").select("cod_acervo").where("chave_origem", "=", chave).executeTakeFirst();
  let cod: number;
  if (existing) {
    cod = existing.cod_acervo;
    await trx.updateTable("acervo").set({ ...title, cod_empresa: codEmpresa, marc, updated_at: sql`CURRENT_TIMESTAMP` }).where("cod_acervo", "=", cod).execute();
    await trx.deleteFrom("acervo_link").where("cod_acervo", "=", cod).execute();
  } else {
    cod = (await trx.insertInto("acervo").values({ ...title, cod_empresa: codEmpresa, chave_origem: chave, marc }).returning("cod_acervo").executeTakeFirstOrThrow()).cod_acervo;
  }
  if (links.length) await trx.insertInto("acervo_link").values(links.map((l) => ({ ...l, cod_acervo: cod }))).execute();
  let items = mapCopies(p.record);
  if (!items.length && copyWhenMissing && title.acesso_remoto !== "cr") {
    items = [{ codigo_barras: null, library: undefined, localizacao: null, chamada: null, situacao: "disponivel", volume: null, tipo_emprestimo: "normal" }];
  }
  const copies = await writeCopies(trx, cod, chave, title.chamada, items, resolveLibrary);
  return { cod, isNew: !existing, copies, keys: headingKeys };
}

/**
 * Replaces a title's copies by barcode: matching rows are updated (keeping the status of a copy on loan
 * here), new ones inserted, vanished ones deleted unless a loan still points at them.
 */
async function writeCopies(
  trx: Transaction<DB>,
  cod: number,
  chave: string,
  chamadaTitulo: string | null,
  copies: CopyData[],
  resolveLibrary: (code: string | undefined) => Promise<number>,
): Promise<number> {
  const current = await trx.selectFrom("exemplar").select(["cod_exemplar", "codigo_barras"]).where("cod_acervo", "=", cod).execute();
  const byBarcode = new Map(current.map((r) => [r.codigo_barras, r.cod_exemplar]));
  const seen = new Set<string>();
  let n = 0;
  for (const [i, c] of copies.entries()) {
    let bc = c.codigo_barras?.replace(/\s+/g, "") || `EST${hash(chave)}${String(i + 1).padStart(3, "0")}`.toUpperCase();
    if (seen.has(bc)) bc = `${bc}-${i + 1}`;
    if (!byBarcode.has(bc)) {
      // The same barcode in another catalogue: prefix it with this record's key hash to keep it unique.
      const clash = await trx.selectFrom("exemplar").select("cod_exemplar").where("codigo_barras", "=", bc).executeTakeFirst();
      if (clash) bc = `${hash(chave, 6).toUpperCase()}-${bc}`;
    }
    seen.add(bc);
    const row = {
      cod_biblioteca: await resolveLibrary(c.library),
      localizacao: c.localizacao,
      chamada: c.chamada ?? chamadaTitulo,
      tipo_emprestimo: c.tipo_emprestimo,
      volume: c.volume,
    };
    const id = byBarcode.get(bc);
    if (id !== undefined) {
      const onLoan = await trx.selectFrom("emprestimo").select("cod_emprestimo").where("cod_exemplar", "=", id).where("data_devolucao", "is", null).executeTakeFirst();
      await trx.updateTable("exemplar").set(onLoan ? row : { ...row, situacao: c.situacao }).where("cod_exemplar", "=", id).execute();
    } else {
      await trx.insertInto("exemplar").values({ ...row, cod_acervo: cod, codigo_barras: bc, situacao: c.situacao }).execute();
    }
    n++;
  }
  for (const r of current) {
    if (seen.has(r.codigo_barras)) continue;
    const used = await trx.selectFrom("emprestimo").select("cod_emprestimo").where("cod_exemplar", "=", r.cod_exemplar).executeTakeFirst();
    if (used) await trx.updateTable("exemplar").set({ situacao: "indisponivel" }).where("cod_exemplar", "=", r.cod_exemplar).execute();
    else await trx.deleteFrom("exemplar").where("cod_exemplar", "=", r.cod_exemplar).execute();
  }
  return n;
}

/**
 * Links titles to authorities (`acervo_autoridade`) by the normalized headings of their 1XX/6XX/7XX
 * fields. With `codAcervos` undefined every title is relinked (heading keys then come from `acervo.marc`).
 */
export async function linkAuthorities(db: Kysely<DB>, codAcervos?: number[], known = new Map<number, string[]>()): Promise<void> {
  const index = new Map<string, number[]>();
  for (const a of await db.selectFrom("autoridade").select(["cod_autoridade", "cabecalho_normalizado"]).execute()) {
    const list = index.get(a.cabecalho_normalizado) ?? [];
    list.push(a.cod_autoridade);
    index.set(a.cabecalho_normalizado, list);
  }
  const linkBatch = async (ids: number[]) => {
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      for (const r of await db.selectFrom("acervo").select(["cod_acervo", "marc"]).where("cod_acervo", "in", missing).execute()) {
        try {
          known.set(r.cod_acervo, mapTitle(fromJsonRecord(JSON.parse(r.marc))).headingKeys);
        } catch {
          known.set(r.cod_acervo, []);
        }
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("acervo_autoridade").where("cod_acervo", "in", ids).execute();
      const rows: { cod_acervo: number; cod_autoridade: number }[] = [];
      for (const id of ids) {
        const auts = new Set((known.get(id) ?? []).flatMap((k) => index.get(k) ?? []));
        for (const a of auts) rows.push({ cod_acervo: id, cod_autoridade: a });
      }
      for (let i = 0; i < rows.length; i += 400) await trx.insertInto("acervo_autoridade").values(rows.slice(i, i + 400)).execute();
    });
  };
  if (codAcervos) {
    for (let i = 0; i < codAcervos.length; i += 500) await linkBatch(codAcervos.slice(i, i + 500));
    return;
  }
  let last = 0;
  for (;;) {
    const ids = (await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", ">", last).orderBy("cod_acervo").limit(500).execute()).map((r) => r.cod_acervo);
    if (!ids.length) return;
    await linkBatch(ids);
    last = ids[ids.length - 1];
  }
}
