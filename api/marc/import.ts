import crypto from "node:crypto";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { insertObjects } from "../db/bulk-insert.ts";
import { dialectOf } from "../db/index.ts";
import {
  CHANGE_LOG_TRIGGERS,
  logTitleChanges,
  PG_BULK_KEPT_ON_UPDATE,
  PG_BULK_TRIGGERS,
  optimizeTextIndex,
  writeIndexEntries,
  type KnownWords,
  type TitleIndexEntry,
} from "../search/index.ts";
import type { DB, ExemplarTable } from "../db/types.ts";
import { readBatches, type PreparedTitle, type ReadEvent, type ReadOptions } from "./batches.ts";
import { readerEntry, type ReaderEntry } from "./read-worker-entry.ts";
import { MATERIAL_TYPES, mapAuthority, mapTitle, sourceKey, type CopyData } from "./map.ts";
import { fromJsonRecord } from "./read.ts";
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

/** Progress of {@link importFiles}: records handled so far in `file`, and how far into the file they are. */
export interface ImportProgress {
  file: string;
  /** Records of this file read and written so far. */
  done: number;
  bytesRead: number;
  bytesTotal: number;
  /** True on the last event of a file. */
  finished: boolean;
}

/** Options of {@link importFiles}. */
export interface ImportOptions {
  /** Institution that owns the titles (default 1). */
  codEmpresa?: number;
  /**
   * Library of a copy from its source branch code; default: match `biblioteca.sigla`, else create one.
   * It is never called inside the import's write transactions, so it may query the database.
   */
  libraryFor?: (code: string | undefined) => Promise<number> | number;
  /** Called after each written batch and when a file ends. */
  onProgress?: (event: ImportProgress) => void;
  /** Records per transaction (default 1000; 2500 in bulk mode). */
  batchSize?: number;
  /**
   * Bulk mode for large files (ADR 101; SQLite only, ignored on PostgreSQL): records are read, mapped and
   * their index entries computed in a worker thread while this thread writes; the search tables' indexes on
   * keys that arrive in random order are dropped during the load and rebuilt at the end; larger transactions
   * and page cache. Each batch is still committed with its index entries, so the search stays exact; sorting
   * a search by title, author or year is slower until the import ends. An import stopped half-way leaves the
   * dropped indexes recorded in `estado_instalacao`; the next import rebuilds them before it starts.
   */
  bulk?: boolean;
  /** Bulk mode's reader threads (default {@link bulkReaders}; 0 reads and maps in this thread, between the writes). */
  readers?: number;
  /** Stops the import after the batch being written (the summary covers what was written). */
  signal?: AbortSignal;
  /** Give a title with no item fields one copy in the default library (demo data); online-only titles excepted. */
  copyWhenMissing?: boolean;
  /**
   * Called once per written batch, after the batch is indexed, with the titles new to the catalogue (not the
   * updated ones): the hook for what must happen when titles arrive, such as interest-profile alerts (ADR 191).
   * A failure here is reported as an error of the file and does not undo the import.
   */
  onTitlesAdded?: (codAcervos: number[]) => Promise<void>;
}

const hash = (s: string, n = 8) => crypto.createHash("sha1").update(s).digest("hex").slice(0, n);

/** Inserts the importer's fixed list of material types into `tipo_obra` when missing. */
export async function ensureMaterialTypes(db: Kysely<DB>): Promise<void> {
  const have = new Set((await db.selectFrom("tipo_obra").select("cod_tipo_obra").execute()).map((r) => r.cod_tipo_obra));
  const missing = MATERIAL_TYPES.filter((t) => !have.has(t.cod));
  if (missing.length)
    await db
      .insertInto("tipo_obra")
      .values(missing.map((t) => ({ cod_tipo_obra: t.cod, descricao: t.descricao })))
      .execute();
}

/**
 * The CLI's library resolver: a branch code matches `biblioteca.sigla` (case-insensitive); an unknown
 * code creates a library under the first campus; no code means the first library.
 */
export function libraryBySigla(db: Kysely<DB>): (code: string | undefined) => Promise<number> {
  return async (code) => {
    const k = (code ?? "").trim().toUpperCase();
    let id: number | undefined;
    if (k) {
      id = (
        await db
          .selectFrom("biblioteca")
          .select("cod_biblioteca")
          .where(sql<string>`upper(sigla)`, "=", k)
          .executeTakeFirst()
      )?.cod_biblioteca;
    } else {
      id = (await db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").executeTakeFirst())?.cod_biblioteca;
    }
    if (id !== undefined) return id;
    const campus = await db.selectFrom("campus").select("cod_campus").orderBy("cod_campus").executeTakeFirst();
    if (!campus) throw new Error("no campus to create a library under; seed an institution and a campus first");
    const sigla = (code ?? "").trim() || "BC";
    const row = await db
      .insertInto("biblioteca")
      .values({ cod_campus: campus.cod_campus, desc_biblioteca: code?.trim() || "Biblioteca central", sigla })
      .returning("cod_biblioteca")
      .executeTakeFirstOrThrow();
    return row.cod_biblioteca;
  };
}

type Pending = { file: string; recordNumber: number; record: MarcRecord };

/** A bibliographic record mapped onto its rows and index entry, its copies' libraries resolved: ready to write. */
interface MappedTitle extends PreparedTitle {
  p: { file: string; recordNumber: number };
  items: Array<Omit<CopyData, "library"> & { cod_biblioteca: number }>;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Imports MARC files (ISO 2709, MARCXML, MARC-in-JSON; format detected by content) into `acervo`,
 * `acervo_link`, `exemplar`, `autoridade` and `acervo_autoridade`, and feeds the search index. Records are
 * keyed by source key, so a re-import updates instead of duplicating. A bad record is reported in `errors`
 * and never aborts the run.
 *
 * Speed: records are streamed, mapped outside the database, and written a batch at a time (one transaction,
 * multi-row inserts, one lookup of existing keys and barcodes per batch); memory holds one batch, not the file.
 * `bulk` moves the reading and mapping to a worker thread and prepares SQLite for a large load (ADR 101).
 */
export async function importFiles(db: Kysely<DB>, files: string[], opts: ImportOptions = {}): Promise<ImportSummary> {
  const summary: ImportSummary = { read: 0, imported: 0, updated: 0, skipped: 0, authorities: 0, copies: 0, errors: [] };
  const libraryFor = opts.libraryFor ?? libraryBySigla(db);
  const bulk = opts.bulk ?? false;
  // PostgreSQL's bulk load commits without waiting for the log's flush (ADR 279): a crash loses the last
  // batches' commits, never their consistency, and the next import of the same files writes them again.
  const pgBulk = bulk && dialectOf(db) === "postgres";
  const read: ReadOptions = { batchSize: opts.batchSize ?? (bulk ? 2500 : 1000), copyWhenMissing: opts.copyWhenMissing ?? false };
  const codEmpresa = opts.codEmpresa ?? 1;
  const libCache = new Map<string, number>();
  const resolveLibrary = async (code: string | undefined) => {
    const k = (code ?? "").trim().toUpperCase();
    let id = libCache.get(k);
    if (id === undefined) libCache.set(k, (id = await libraryFor(code)));
    return id;
  };
  await ensureMaterialTypes(db);
  // A bulk import stopped half-way left the search tables without some indexes: rebuild them first.
  await finishBulkLoad(db);
  const headingIndex = await authorityIndex(db);
  const authoritiesBefore = headingIndex.size;

  const fail = (p: { file: string; recordNumber: number }, e: unknown) => {
    summary.skipped++;
    summary.errors.push({ file: p.file, recordNumber: p.recordNumber, message: e instanceof Error ? e.message : String(e) });
  };

  const flushAuthorities = async (batch: Pending[]) => {
    const writeAll = (list: Pending[]) =>
      db.transaction().execute(async (trx) => {
        for (const p of list) await writeAuthority(trx, p, summary, headingIndex);
      });
    try {
      await writeAll(batch);
    } catch {
      // One bad row spoils the whole transaction on PostgreSQL: retry one record at a time to name it.
      for (const p of batch) await writeAll([p]).catch((e: unknown) => fail(p, e));
    }
  };

  // The text index's terms and the vocabulary's words this run has committed: not inserted again.
  const known: KnownWords = { terms: new Set(), words: new Set(), facets: new Map() };
  const remember = (written: KnownWords) => {
    if (known.terms.size > KNOWN_WORDS_MAX) known.terms.clear();
    if (known.words.size > KNOWN_WORDS_MAX) known.words.clear();
    if (known.facets.size > KNOWN_WORDS_MAX) known.facets.clear();
    for (const t of written.terms) known.terms.add(t);
    for (const w of written.words) known.words.add(w);
    for (const [k, id] of written.facets) known.facets.set(k, id);
  };

  /** `terms`: the batch's text index terms, as its reader collected them. */
  const flushTitles = async (file: string, batch: PreparedTitle[], terms: string[]) => {
    const mapped: MappedTitle[] = [];
    for (const t of batch) {
      const p = { file, recordNumber: t.recordNumber };
      try {
        const items = [];
        for (const { library, ...c } of t.copies) items.push({ ...c, cod_biblioteca: await resolveLibrary(library) });
        mapped.push({ ...t, p, items });
      } catch (e) {
        fail(p, e);
      }
    }
    const added: number[] = [];
    // `terms` cover the whole batch; a title written on its own has its terms read from its text.
    const run = (list: MappedTitle[], listTerms?: string[]) =>
      db.transaction().execute(async (trx) => {
        if (pgBulk) await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        const out: Array<{ cod: number; isNew: boolean; copies: number }> = [];
        // Each title's index entry is the one of its last version when it repeats in the batch.
        const entries = new Map<number, TitleIndexEntry>();
        // The same record twice in one batch: the second round sees the first as existing and updates it.
        for (const round of uniqueRounds(list)) {
          const written = await writeTitles(trx, round, codEmpresa);
          await linkTitles(
            trx,
            round.map((m, i) => ({ cod: written[i].cod, keys: m.headingKeys })),
            headingIndex,
          );
          round.forEach((m, i) => entries.set(written[i].cod, m.index));
          out.push(...written);
        }
        // In the same transaction: a title is never committed without its index entry.
        // Only titles that were there before this batch can have entries to clear.
        const clear = out.filter((r) => !r.isNew).map((r) => r.cod);
        const written = await writeIndexEntries(
          trx,
          [...entries].map(([cod_acervo, entry]) => ({ cod_acervo, entry })),
          clear,
          known,
          listTerms,
        );
        // A bulk load has the change log's triggers off: the batch's titles are logged in one statement.
        if (bulk) await logTitleChanges(trx, [...entries.keys()]);
        return { out, written };
      });
    const count = ({ out, written }: Awaited<ReturnType<typeof run>>) => {
      remember(written);
      for (const r of out) {
        if (r.isNew) added.push(r.cod);
        summary[r.isNew ? "imported" : "updated"]++;
        summary.copies += r.copies;
      }
    };
    try {
      count(await run(mapped, terms));
    } catch {
      for (const m of mapped) {
        try {
          count(await run([m]));
        } catch (e) {
          fail(m.p, e);
        }
      }
    }
    if (opts.onTitlesAdded && added.length) {
      try {
        await opts.onTitlesAdded([...new Set(added)]);
      } catch (e) {
        summary.errors.push({
          file,
          recordNumber: batch[0].recordNumber,
          message: `titles imported, but their arrival could not be announced: ${e instanceof Error ? e.message : String(e)}`,
        });
      }
    }
  };

  /** Writes one batch read from `file`: its bad records reported, its authorities, then its titles. */
  const writeBatch = async (file: string, items: Extract<ReadEvent, { type: "batch" }>["items"], terms: string[]) => {
    const auths: Pending[] = [];
    const titles: PreparedTitle[] = [];
    const unmapped: Array<{ recordNumber: number; message: string }> = [];
    for (const it of items) {
      if (it.kind === "unreadable") fail({ file, recordNumber: it.recordNumber }, it.message);
      else if (it.kind === "holdings") summary.skipped++;
      else if (it.kind === "authority") auths.push({ file, recordNumber: it.recordNumber, record: it.record });
      else if (it.kind === "unmapped") unmapped.push(it);
      else titles.push(it.title);
    }
    if (auths.length) await flushAuthorities(auths);
    for (const u of unmapped) fail({ file, recordNumber: u.recordNumber }, u.message);
    if (titles.length) await flushTitles(file, titles, terms);
  };

  const readers = opts.readers ?? bulkReaders();
  const events = bulk && readers > 0 ? readInWorkers(files, read, readers) : readBatches(files, read);
  const restore = bulk ? await beginBulkLoad(db) : undefined;
  try {
    let done = 0;
    let failed = false;
    for await (const ev of events) {
      if (ev.type === "missing") {
        summary.errors.push({ file: ev.file, recordNumber: 0, message: `cannot read file: ${ev.error}` });
      } else if (ev.type === "end") {
        if (ev.error && !failed) summary.errors.push({ file: ev.file, recordNumber: 0, message: `cannot read file: ${ev.error}` });
        opts.onProgress?.({ file: ev.file, done, bytesRead: ev.bytesTotal, bytesTotal: ev.bytesTotal, finished: true });
        done = 0;
        failed = false;
      } else if (!failed) {
        summary.read += ev.items.length;
        try {
          await writeBatch(ev.file, ev.items, ev.terms);
        } catch (e) {
          // The database failed beyond one record: the rest of this file is not imported.
          summary.errors.push({ file: ev.file, recordNumber: 0, message: `cannot read file: ${e instanceof Error ? e.message : String(e)}` });
          failed = true;
        }
        done += ev.items.length;
        opts.onProgress?.({ file: ev.file, done, bytesRead: ev.bytesRead, bytesTotal: ev.bytesTotal, finished: false });
        if (opts.signal?.aborted) break;
      }
    }
  } finally {
    await events.return(undefined);
    await restore?.();
  }
  // Authorities new to this run can match titles imported before them: relink every title then.
  if (headingIndex.size > authoritiesBefore) await linkAuthorities(db);
  return summary;
}

/** Most terms (and vocabulary words) an import remembers as stored; past it, it starts again from none. */
const KNOWN_WORDS_MAX = 500_000;

/**
 * Reader threads of a bulk import by default: one per core besides the writing thread's, at least two (on two
 * cores they still keep both busy, ADR 101) and at most three (a reader prepares about 3,300 records a second
 * and the writing thread stores about 5,500: a fourth would only hold more batches in memory).
 */
export function bulkReaders(cores = os.availableParallelism()): number {
  return Math.max(2, Math.min(cores - 1, 3));
}

/**
 * The old generation of a reader thread's JavaScript heap, in MB (ADR 276). Without a limit V8 lets each reader's
 * heap grow to about 350 MB before collecting it, while what a reader keeps alive (its caches of terms, the batch
 * it is reading and the one waiting to be posted) is about 110 MB at 2,500 records a batch: two readers' slack was
 * a third of a 100,000-record import's 1.4 GB peak. The limit grows with the batch (about 25 KB a record).
 */
export function readerHeapMb(batchSize: number): number {
  return 96 + Math.ceil(batchSize / 40);
}

/**
 * The young generation of a reader thread's heap, in MB: what Node 20's V8 gives a thread. Node 24's gives 192 MB,
 * which each reader would add to the import's peak (measured: a thread's heap limit 291 MB against 147).
 */
export const READER_YOUNG_MB = 48;

/** What a reader thread posts when it has no event left: its heap's limit (MB), for the test of {@link readerHeapMb}. */
export interface ReaderDone {
  type: "done";
  heapLimitMb: number;
}

/**
 * One reader thread: {@link readBatches} over `files` for `options.part`, started from the compiled reader when
 * this process could make it (ADR 280, `readerEntry`), its heap limited by {@link readerHeapMb}. `next()` asks for
 * its next event.
 */
export function startReader(
  entry: ReaderEntry,
  files: string[],
  options: ReadOptions,
): { worker: Worker; next: () => Promise<ReadEvent | ReaderDone> } {
  const worker = new Worker(entry.url, {
    workerData: { files, options },
    execArgv: entry.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: readerHeapMb(options.batchSize), maxYoungGenerationSizeMb: READER_YOUNG_MB },
  });
  let settle: { resolve: (m: unknown) => void; reject: (e: unknown) => void } | undefined;
  worker.on("message", (m) => settle?.resolve(m));
  worker.on("error", (e) => settle?.reject(e));
  worker.on("exit", (code) => settle?.reject(new Error(`the import's reader thread stopped (exit code ${code})`)));
  const next = async () => {
    const message = (await new Promise<unknown>((resolve, reject) => {
      settle = { resolve, reject };
      worker.postMessage("next");
    })) as ReadEvent | ReaderDone | { type: "failed"; error: string };
    settle = undefined;
    if (message.type === "failed") throw new Error(message.error);
    return message;
  };
  return { worker, next };
}

/**
 * {@link readBatches} in `n` worker threads, batch k of each file read by thread k mod n, merged back into file
 * order. Each thread is asked for its next event when its last one has been handled and is already working on
 * it, so reading and mapping overlap the writes while at most two batches per thread wait in memory.
 */
async function* readInWorkers(files: string[], options: ReadOptions, n: number): AsyncGenerator<ReadEvent> {
  const entry = await readerEntry();
  const readers = Array.from({ length: n }, (_, index) => startReader(entry, files, { ...options, part: { index, of: n } }));
  try {
    for (;;) {
      // A file: its batches in turn from each reader, until one has none left; then every reader's end of it.
      let k = 0;
      let ev = await readers[0].next();
      if (ev.type === "done") return;
      while (ev.type === "batch") {
        yield ev;
        ev = await readers[++k % n].next();
      }
      for (let i = 1; i < n; i++) {
        const other = await readers[(k + i) % n].next();
        if (other.type !== ev.type) throw new Error(`the import's reader threads disagree (${other.type} after ${ev.type})`);
      }
      if (ev.type === "done") return;
      yield ev;
    }
  } finally {
    for (const r of readers) {
      r.worker.removeAllListeners("exit");
      await r.worker.terminate();
    }
  }
}

/** `estado_instalacao` key of a bulk load under way: the definitions of the indexes it dropped. */
const BULK_STATE = "importacao_em_massa";
/**
 * Indexes of the search tables whose keys arrive in random order (sort keys, facet values): each insert lands
 * on a random B-tree page, so they are dropped for a bulk load and rebuilt from sorted data at its end. The
 * tables' primary keys stay (new titles append to them), and so do the indexes the import's deletes use.
 */
const BULK_DROPPED = [
  "busca_ordem_chave",
  "busca_ordem_relevancia",
  "busca_ordem_titulo",
  "busca_ordem_autor",
  "busca_ordem_ano",
  "busca_ordem_antigo",
  "busca_ordem_chamada",
  "busca_ordem_obra",
  "acervo_faceta_valor",
];
// The change log's triggers (CHANGE_LOG_TRIGGERS) are dropped too, and put back with the indexes: the importer
// logs each batch's titles in one statement instead (`logTitleChanges`). A load interrupted without them is
// repaired, triggers included, by the next import or server start.
/** FTS5's own default for 'automerge' (segments per level before they are merged). */
const FTS_AUTOMERGE_DEFAULT = 4;
/** SQLite page cache during a bulk load (KiB): 64 MB; 128 MB cost the same CPU and 64 MB more of the peak (ADR 276). */
const BULK_CACHE_KIB = 64 * 1024;
/**
 * Write-ahead log pages after which a bulk load's commit copies the log into the database (SQLite's default is
 * 1,000): each copy ends with a sync of the database file, and with the default every batch paid one (a quarter
 * of the writing thread's time in SQLite). 64 MiB of log between copies; the commits themselves stay durable.
 */
const BULK_CHECKPOINT_PAGES = 16_384;
/**
 * The memory map during a bulk load: none. Every page of the database a load touches through the map stays in the
 * process's resident memory (300 MB of a 100,000-record load's 1.23 GB peak); without it, the page cache above
 * bounds what the load keeps, and the writes cost the same (ADR 272).
 */
const BULK_MMAP_BYTES = 0;

/**
 * Prepares SQLite for a bulk load: records the definitions of {@link BULK_DROPPED} and drops them in one
 * transaction (so an interrupted load is always recorded), a larger page cache, no foreign-key checks (the
 * importer writes only ids it has just read or made). Returns the function that undoes it: rebuilds the indexes
 * and restores the connection's settings.
 */
export async function beginBulkLoad(db: Kysely<DB>): Promise<() => Promise<void>> {
  if (dialectOf(db) === "postgres") return beginPostgresBulkLoad(db);
  await db.transaction().execute(async (trx) => {
    const defs = (await trx
      .selectFrom("sqlite_master" as never)
      .select(["name", "sql", "type"] as never[])
      .where((eb) =>
        eb.or([
          eb.and([eb("type" as never, "=", "index" as never), eb("name" as never, "in", BULK_DROPPED as never[])]),
          eb.and([eb("type" as never, "=", "trigger" as never), eb("name" as never, "in", CHANGE_LOG_TRIGGERS as never[])]),
        ]),
      )
      .execute()) as Array<{ name: string; sql: string; type: "index" | "trigger" }>;
    // The text index merges its segments as it grows; a bulk load ends by merging them all into one, so the
    // merges along the way are work thrown away: off for the load, put back (with the indexes) at its end.
    const merge =
      (await sql<{ v: number }>`SELECT v FROM acervo_busca_config WHERE k = 'automerge'`.execute(trx)).rows[0]?.v ?? FTS_AUTOMERGE_DEFAULT;
    const restore = [
      ...defs,
      { name: "acervo_busca automerge", sql: `INSERT INTO acervo_busca (acervo_busca, rank) VALUES ('automerge', ${Number(merge)})` },
    ];
    await trx
      .insertInto("estado_instalacao")
      .values({ chave: BULK_STATE, valor: JSON.stringify(restore) })
      .execute();
    for (const d of defs) await sql`DROP ${sql.raw(d.type === "trigger" ? "TRIGGER" : "INDEX")} ${sql.id(d.name)}`.execute(trx);
    await sql`INSERT INTO acervo_busca (acervo_busca, rank) VALUES ('automerge', 0)`.execute(trx);
  });
  const cache = (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows[0].cache_size;
  const checkpoint = (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint;
  const mmap = (await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db)).rows[0].mmap_size;
  await sql.raw(`PRAGMA mmap_size = ${BULK_MMAP_BYTES}`).execute(db);
  await sql.raw(`PRAGMA cache_size = -${BULK_CACHE_KIB}`).execute(db);
  await sql.raw(`PRAGMA wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`).execute(db);
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  return async () => {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
    await finishBulkLoad(db);
    // A large load leaves the text index in many segments: merged into one, every search reads less (ADR 105).
    await optimizeTextIndex(db);
    await sql.raw(`PRAGMA cache_size = ${Number(cache)}`).execute(db);
    await sql.raw(`PRAGMA wal_autocheckpoint = ${Number(checkpoint)}`).execute(db);
    await sql.raw(`PRAGMA mmap_size = ${Number(mmap)}`).execute(db);
    // The load's write-ahead log is copied into the database now and cut back to nothing. It waits for readers
    // still on an older snapshot up to the busy timeout; past it, SQLite answers busy (not an error) and the
    // next checkpoint does the copy.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  };
}

/**
 * PostgreSQL's secondary indexes dropped for a bulk load (ADR 279), besides {@link BULK_DROPPED}: the text index
 * (GIN: each insert also updates its pending list, and one build from the whole table is several times cheaper)
 * and the copies' and titles' indexes that no statement of the load reads. The unique indexes stay (they check
 * the source keys and barcodes), and so do the ones the load's lookups and deletes read.
 */
const PG_BULK_DROPPED = [
  ...BULK_DROPPED,
  "acervo_busca_gin",
  "indice_entrada_prefixo",
  "acervo_tipo",
  "acervo_classificacao",
  "acervo_ano_tipo_idioma",
  "exemplar_na_estante",
  "exemplar_acervo_biblioteca",
];
/**
 * What the triggers the load drops keep, recomputed at its end (idempotent, so an interrupted load's next run may
 * do it again): the titles on the shelf from the copies, and every title's call-number key (the importer writes
 * its titles' keys; this also covers any other writer's changes during the load).
 */
const PG_BULK_RECOUNT = [
  `DELETE FROM acervo_na_estante`,
  `INSERT INTO acervo_na_estante (cod_acervo, cod_biblioteca, n)
     SELECT cod_acervo, cod_biblioteca, count(*) FROM exemplar WHERE situacao = 'disponivel' GROUP BY cod_acervo, cod_biblioteca`,
  `UPDATE busca_ordem o SET chamada_ord = x.c
     FROM (SELECT b.cod_acervo, e.c FROM busca_ordem b
             LEFT JOIN (SELECT cod_acervo, min(chamada) AS c FROM exemplar WHERE chamada <> '' GROUP BY cod_acervo) e
             ON e.cod_acervo = b.cod_acervo) x
     WHERE o.cod_acervo = x.cod_acervo AND o.chamada_ord IS DISTINCT FROM x.c`,
];
/** Memory of each index build at the end of a PostgreSQL bulk load (the server's, for its sorts). */
const PG_BULK_INDEX_MEMORY = "256MB";

/**
 * {@link beginBulkLoad} on PostgreSQL (ADR 279): records the definitions of {@link PG_BULK_DROPPED} and
 * {@link PG_BULK_TRIGGERS} with the statements that recompute what those triggers keep, and drops them, in one
 * transaction. Returns the function that ends the load: rebuilds them and refreshes the planner's statistics.
 */
async function beginPostgresBulkLoad(db: Kysely<DB>): Promise<() => Promise<void>> {
  await db.transaction().execute(async (trx) => {
    const indexes = (
      await sql<{ name: string; sql: string }>`SELECT indexname AS name, indexdef AS sql FROM pg_indexes
        WHERE schemaname = current_schema() AND indexname = ANY(${PG_BULK_DROPPED}::text[]) ORDER BY indexname`.execute(trx)
    ).rows;
    const triggers = (
      await sql<{ name: string; sql: string; table: string }>`SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS sql, c.relname AS table
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace AND t.tgname = ANY(${PG_BULK_TRIGGERS}::text[])
        ORDER BY t.tgname`.execute(trx)
    ).rows;
    const restore = [
      ...PG_BULK_RECOUNT.map((q, i) => ({ name: `recount ${i + 1}`, sql: q, type: "sql" })),
      ...indexes.map((d) => ({ ...d, type: "index" })),
      ...triggers.map((d) => ({ ...d, type: "trigger" })),
    ];
    await trx
      .insertInto("estado_instalacao")
      .values({ chave: BULK_STATE, valor: JSON.stringify(restore) })
      .execute();
    for (const d of indexes) await sql`DROP INDEX ${sql.id(d.name)}`.execute(trx);
    for (const d of triggers) {
      await sql`DROP TRIGGER ${sql.id(d.name)} ON ${sql.id(d.table)}`.execute(trx);
      // The copies' change-log and shelf triggers come back at once for updates only (the load inserts copies).
      const onUpdate = d.sql.replace(/ AFTER INSERT OR DELETE OR UPDATE OF /, " AFTER UPDATE OF ");
      if (PG_BULK_KEPT_ON_UPDATE.includes(d.name) && onUpdate !== d.sql) await sql.raw(onUpdate).execute(trx);
    }
  });
  return async () => {
    await finishBulkLoad(db);
    // The load changed most of the search tables: the planner's statistics from them now, not at autovacuum's pace.
    await sql`ANALYZE acervo, acervo_busca, acervo_faceta, busca_ordem, exemplar, indice_entrada, acervo_na_estante, acervo_mudanca`.execute(db);
  };
}

/**
 * Ends a bulk load, or the one an interrupted import left: rebuilds the indexes it dropped and puts back the
 * triggers (and, on SQLite, the text index's merging; on PostgreSQL, first recounts what the triggers keep), in
 * one transaction with forgetting them. Returns whether there was one.
 */
export async function finishBulkLoad(db: Kysely<DB>): Promise<boolean> {
  const state = await db.selectFrom("estado_instalacao").select("valor").where("chave", "=", BULK_STATE).executeTakeFirst();
  if (!state) return false;
  if (dialectOf(db) === "postgres") {
    await db.transaction().execute(async (trx) => {
      await sql.raw(`SET LOCAL maintenance_work_mem = '${PG_BULK_INDEX_MEMORY}'`).execute(trx);
      for (const d of JSON.parse(state.valor) as Array<{ name: string; sql: string; type: string; table?: string }>) {
        if (d.type === "trigger") await sql`DROP TRIGGER IF EXISTS ${sql.id(d.name)} ON ${sql.id(d.table!)}`.execute(trx);
        await sql.raw(d.type === "index" ? d.sql.replace(/^CREATE INDEX /i, "CREATE INDEX IF NOT EXISTS ") : d.sql).execute(trx);
      }
      await trx.deleteFrom("estado_instalacao").where("chave", "=", BULK_STATE).execute();
    });
    return true;
  }
  await db.transaction().execute(async (trx) => {
    for (const d of JSON.parse(state.valor) as Array<{ sql: string }>) {
      await sql.raw(d.sql.replace(/^CREATE (INDEX|TRIGGER) /i, "CREATE $1 IF NOT EXISTS ")).execute(trx);
    }
    await trx.deleteFrom("estado_instalacao").where("chave", "=", BULK_STATE).execute();
  });
  return true;
}

/** Splits a batch into rounds in which no source key repeats, keeping the records' order. */
function uniqueRounds(list: MappedTitle[]): MappedTitle[][] {
  const rounds: Array<{ keys: Set<string>; items: MappedTitle[] }> = [];
  for (const m of list) {
    let round = rounds.find((r) => !r.keys.has(m.chave));
    if (!round) rounds.push((round = { keys: new Set(), items: [] }));
    round.keys.add(m.chave);
    round.items.push(m);
  }
  return rounds.map((r) => r.items);
}

/** Normalized heading → authority ids, for linking titles as they are written. */
async function authorityIndex(db: Kysely<DB>): Promise<Map<string, number[]>> {
  const index = new Map<string, number[]>();
  for (const a of await db.selectFrom("autoridade").select(["cod_autoridade", "cabecalho_normalizado"]).execute()) {
    const list = index.get(a.cabecalho_normalizado) ?? [];
    list.push(a.cod_autoridade);
    index.set(a.cabecalho_normalizado, list);
  }
  return index;
}

async function writeAuthority(trx: Transaction<DB>, p: Pending, summary: ImportSummary, index: Map<string, number[]>): Promise<void> {
  const a = mapAuthority(p.record);
  if (!a) {
    summary.skipped++;
    summary.errors.push({ file: p.file, recordNumber: p.recordNumber, message: "authority record without a usable 1XX heading" });
    return;
  }
  const chave = sourceKey(p.record, "aut:");
  const marc = JSON.stringify(toMarcInJson(p.record));
  const existing = await trx.selectFrom("autoridade").select("cod_autoridade").where("chave_origem", "=", chave).executeTakeFirst();
  let cod: number;
  if (existing) {
    cod = existing.cod_autoridade;
    await trx
      .updateTable("autoridade")
      .set({ ...a, marc, updated_at: sql`CURRENT_TIMESTAMP` })
      .where("cod_autoridade", "=", cod)
      .execute();
  } else {
    cod = (
      await trx
        .insertInto("autoridade")
        .values({ ...a, chave_origem: chave, marc })
        .returning("cod_autoridade")
        .executeTakeFirstOrThrow()
    ).cod_autoridade;
  }
  const list = index.get(a.cabecalho_normalizado) ?? [];
  if (!list.includes(cod)) list.push(cod);
  index.set(a.cabecalho_normalizado, list);
  summary.authorities++;
}

/**
 * Writes one round of titles (no source key twice): one lookup of the existing keys, multi-row inserts of
 * the new titles, their links and copies; existing titles are updated one by one. Returns, in input order,
 * each title's id, whether it is new and how many copies it has.
 */
async function writeTitles(
  trx: Transaction<DB>,
  list: MappedTitle[],
  codEmpresa: number,
): Promise<Array<{ cod: number; isNew: boolean; copies: number }>> {
  const existing = new Map<string, number>();
  for (const part of chunks(list, 500)) {
    const rows = await trx
      .selectFrom("acervo")
      .select(["cod_acervo", "chave_origem"])
      .where(
        "chave_origem",
        "in",
        part.map((m) => m.chave),
      )
      .execute();
    for (const r of rows) existing.set(r.chave_origem, r.cod_acervo);
  }
  const fresh = list.filter((m) => !existing.has(m.chave));
  const codOf = new Map(existing);
  const inserted = await insertObjects<{ cod_acervo: number; chave_origem: string }>(
    trx,
    "acervo",
    fresh.map((m) => ({ ...m.title, cod_empresa: codEmpresa, chave_origem: m.chave, marc: m.marc })),
    { tail: "RETURNING cod_acervo, chave_origem" },
  );
  for (const r of inserted) codOf.set(r.chave_origem, r.cod_acervo);
  for (const m of list) {
    const cod = existing.get(m.chave);
    if (cod === undefined) continue;
    await trx
      .updateTable("acervo")
      .set({ ...m.title, cod_empresa: codEmpresa, marc: m.marc, updated_at: sql`CURRENT_TIMESTAMP` })
      .where("cod_acervo", "=", cod)
      .execute();
    await trx.deleteFrom("acervo_link").where("cod_acervo", "=", cod).execute();
  }
  const links = list.flatMap((m) => m.links.map((l) => ({ ...l, cod_acervo: codOf.get(m.chave)! })));
  await insertObjects(trx, "acervo_link", links);

  // Copies of new titles: barcodes made unique within the batch and against the catalogue, then inserted together.
  const copyRows: Array<{ chave: string; row: Insertable<ExemplarTable> & { codigo_barras: string } }> = [];
  for (const m of fresh) {
    const seen = new Set<string>();
    m.items.forEach((c, i) => {
      let bc = c.codigo_barras?.replace(/\s+/g, "") || `EST${hash(m.chave)}${String(i + 1).padStart(3, "0")}`.toUpperCase();
      if (seen.has(bc)) bc = `${bc}-${i + 1}`;
      seen.add(bc);
      copyRows.push({ chave: m.chave, row: copyRow(codOf.get(m.chave)!, bc, c, m.title.chamada) });
    });
  }
  const taken = new Set<string>();
  for (const part of chunks(copyRows, 500)) {
    const rows = await trx
      .selectFrom("exemplar")
      .select("codigo_barras")
      .where(
        "codigo_barras",
        "in",
        part.map((c) => c.row.codigo_barras),
      )
      .execute();
    for (const r of rows) taken.add(r.codigo_barras);
  }
  for (const { chave, row } of copyRows) {
    // The same barcode in another catalogue (or another record of this batch): prefix it with this record's key hash.
    if (taken.has(row.codigo_barras)) row.codigo_barras = `${hash(chave, 6).toUpperCase()}-${row.codigo_barras}`;
    taken.add(row.codigo_barras);
  }
  await insertObjects(
    trx,
    "exemplar",
    copyRows.map((c) => c.row),
  );

  const out: Array<{ cod: number; isNew: boolean; copies: number }> = [];
  for (const m of list) {
    const cod = codOf.get(m.chave)!;
    const isNew = !existing.has(m.chave);
    const copies = isNew ? m.items.length : await writeCopies(trx, cod, m.chave, m.title.chamada, m.items);
    out.push({ cod, isNew, copies });
  }
  return out;
}

function copyRow(cod: number, bc: string, c: MappedTitle["items"][number], chamadaTitulo: string | null) {
  return {
    cod_acervo: cod,
    codigo_barras: bc,
    cod_biblioteca: c.cod_biblioteca,
    localizacao: c.localizacao,
    chamada: c.chamada ?? chamadaTitulo,
    tipo_emprestimo: c.tipo_emprestimo,
    volume: c.volume,
    situacao: c.situacao,
  };
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
  copies: MappedTitle["items"],
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
      cod_biblioteca: c.cod_biblioteca,
      localizacao: c.localizacao,
      chamada: c.chamada ?? chamadaTitulo,
      tipo_emprestimo: c.tipo_emprestimo,
      volume: c.volume,
    };
    const id = byBarcode.get(bc);
    if (id !== undefined) {
      const onLoan = await trx
        .selectFrom("emprestimo")
        .select("cod_emprestimo")
        .where("cod_exemplar", "=", id)
        .where("data_devolucao", "is", null)
        .executeTakeFirst();
      await trx
        .updateTable("exemplar")
        .set(onLoan ? row : { ...row, situacao: c.situacao })
        .where("cod_exemplar", "=", id)
        .execute();
    } else {
      await trx
        .insertInto("exemplar")
        .values({ ...row, cod_acervo: cod, codigo_barras: bc, situacao: c.situacao })
        .execute();
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

/** Replaces the authority links (`acervo_autoridade`) of the given titles from their heading keys. */
async function linkTitles(trx: Transaction<DB>, titles: Array<{ cod: number; keys: string[] }>, index: Map<string, number[]>): Promise<void> {
  const ids = [...new Set(titles.map((t) => t.cod))];
  for (const part of chunks(ids, 500)) await trx.deleteFrom("acervo_autoridade").where("cod_acervo", "in", part).execute();
  if (!index.size) return;
  const rows = new Map<string, { cod_acervo: number; cod_autoridade: number }>();
  for (const t of titles) {
    for (const a of t.keys.flatMap((k) => index.get(k) ?? [])) rows.set(`${t.cod}:${a}`, { cod_acervo: t.cod, cod_autoridade: a });
  }
  await insertObjects(trx, "acervo_autoridade", [...rows.values()]);
}

/**
 * Relinks every title to the authorities by the normalized headings of its 1XX/6XX/7XX fields (read back
 * from `acervo.marc`), 500 titles at a time.
 */
export async function linkAuthorities(db: Kysely<DB>): Promise<void> {
  const index = await authorityIndex(db);
  let last = 0;
  for (;;) {
    const rows = await db
      .selectFrom("acervo")
      .select(["cod_acervo", "marc"])
      .where("cod_acervo", ">", last)
      .orderBy("cod_acervo")
      .limit(500)
      .execute();
    if (!rows.length) return;
    const titles = rows.map((r) => {
      try {
        return { cod: r.cod_acervo, keys: mapTitle(fromJsonRecord(JSON.parse(r.marc))).headingKeys };
      } catch {
        return { cod: r.cod_acervo, keys: [] };
      }
    });
    await db.transaction().execute((trx) => linkTitles(trx, titles, index));
    last = rows[rows.length - 1].cod_acervo;
  }
}
