/**
 * `npm run import -- <files...>`: imports MARC files (ISO 2709, MARCXML, MARC-in-JSON) into the
 * database named by DATABASE_URL / DATA_DIR, with progress, a summary and the numbers of bad records.
 *
 * Exit code: 0 when the files were read (bad records are listed, they do not fail the run); 1 when a file
 * cannot be read, no record at all could be imported, the database fails, or the import was interrupted.
 *
 * Bulk mode (ADR 101; PostgreSQL too, ADR 279): on by itself from 50,000 records, `--bulk` forces it and
 * `--no-bulk` turns it off. Ctrl-C stops after the batch being written, with the search indexes rebuilt.
 *
 * Memory (ADR 280): the command lets its JavaScript heaps grow by half of what a collection leaves alive, not by up
 * to four times ({@link boundHeapGrowth}); the reader threads keep their own limits (`readerHeapMb`).
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import cliProgress from "cli-progress";
import { dialectOf, openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { countRecords } from "./count-records.ts";
import { importFiles, type ImportProgress } from "./import.ts";
import { disseminateNewTitles } from "../domain/interest-profiles.ts";
import { deliverMailOnce, mailerFromEnv } from "../mail/index.ts";
import { rebuildRequestedDerivedData } from "../search/index.ts";

/**
 * Imports of at least this many records are made in bulk mode (ADR 272): the work is per record, and a record's
 * size varies fourfold between catalogues (a realistic one is about 500 bytes, a rich one 2 KB).
 */
const BULK_AUTO_RECORDS = 50_000;

const USAGE =
  "Usage: npm run import -- [--bulk|--no-bulk] <file.mrc|file.xml|file.json> [...]\n" +
  "Reads ISO 2709 (MARC-8 or UTF-8), MARCXML and MARC-in-JSON; the format is detected from the content.\n" +
  `Bulk mode (automatic from ${BULK_AUTO_RECORDS.toLocaleString("en")} records): reads in two or three extra threads (by the machine's cores) and rebuilds the search's indexes at the end.\n` +
  "Database: DATABASE_URL (postgres://… or a SQLite file), else DATA_DIR/estante.sqlite (DATA_DIR defaults to ./data).";

/**
 * How far past what the last full collection left alive a heap of the import command may grow before the next one,
 * in percent (ADR 280). V8's own factor goes up to 4 on a machine with memory to spare: the writing thread, with
 * 65–100 MB alive, grew to about 300 MB between collections. A factor, not a limit: a larger catalogue still gets
 * the memory it keeps alive (a limit, `--max-old-space-size`, would also replace every reader thread's own).
 */
export const HEAP_GROWING_PERCENT = 50;

/** Applies {@link HEAP_GROWING_PERCENT} to this process's heaps (V8's setting is per process, read at each collection). */
export function boundHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** Progress on a terminal: a bar per file; elsewhere (logs, CI): a line per file and every 10 seconds. */
function progressReporter(): { update: (e: ImportProgress) => void; stop: () => void } {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: "{file} [{bar}] {percentage}% | {done} records", hideCursor: true, stream: process.stdout },
      cliProgress.Presets.shades_classic,
    );
    let current = "";
    return {
      update: (e) => {
        if (e.file !== current) {
          if (current) bar.stop();
          bar.start(Math.max(e.bytesTotal, 1), e.bytesRead, { file: e.file, done: e.done });
          current = e.file;
        } else bar.update(e.bytesRead, { done: e.done });
      },
      stop: () => current && bar.stop(),
    };
  }
  let last = Date.now();
  return {
    update: (e) => {
      if (!e.finished && Date.now() - last < 10_000) return;
      last = Date.now();
      const pct = e.bytesTotal ? Math.floor((100 * e.bytesRead) / e.bytesTotal) : 100;
      console.log(`${e.file}: ${e.done} records${e.finished ? "" : ` (${pct}%)`}`);
    },
    stop: () => {},
  };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  const files = args.filter((a) => !["--bulk", "--no-bulk"].includes(a));
  if (!files.length || files.includes("--help") || files.includes("-h")) {
    console.log(USAGE);
    return files.length ? 0 : 1;
  }
  const bulk = args.includes("--bulk") || (!args.includes("--no-bulk") && countRecords(files) >= BULK_AUTO_RECORDS);
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? "./data" });
  try {
    await migrateToLatest(db);
    await rebuildRequestedDerivedData(db);
    // An empty database gets the minimum the catalogue hangs on: institution 1 and one campus.
    if (!(await db.selectFrom("instituicao").select("cod_empresa").where("cod_empresa", "=", 1).executeTakeFirst())) {
      await db.insertInto("instituicao").values({ cod_empresa: 1, sigla: "BIB", nome: "Biblioteca" }).execute();
    }
    if (!(await db.selectFrom("campus").select("cod_campus").executeTakeFirst())) {
      await db.insertInto("campus").values({ cod_empresa: 1, nome_campus: "Campus principal" }).execute();
    }
    const dataDir = process.env.DATA_DIR ?? "./data";
    const mailer = mailerFromEnv(db, dataDir);
    if (bulk) {
      console.log(
        dialectOf(db) === "sqlite"
          ? "Bulk mode: the search's sort indexes are rebuilt at the end; until then sorted searches are slower. Ctrl-C stops after the current batch."
          : "Bulk mode: the search's text and sort indexes are rebuilt at the end; until then every search is slower. Ctrl-C stops after the current batch.",
      );
    }
    // The first Ctrl-C stops after the batch being written (indexes rebuilt); a second one ends the process.
    const stop = new AbortController();
    process.once("SIGINT", () => {
      console.error("Stopping after the current batch…");
      stop.abort();
    });
    const progress = progressReporter();
    const started = Date.now();
    const summary = await importFiles(
      db,
      files.map((f) => path.resolve(f)),
      {
        bulk,
        signal: stop.signal,
        onProgress: progress.update,
        // New titles that match patrons' interest profiles alert them (and e-mail them through the outbox: SMTP_URL, else files).
        onTitlesAdded: async (ids) => void (await disseminateNewTitles(db, mailer, ids)),
      },
    );
    progress.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Read ${summary.read} records: ${summary.imported} titles imported, ${summary.updated} updated, ` +
        `${summary.authorities} authorities, ${summary.copies} copies, ${summary.skipped} skipped ` +
        `(${seconds.toFixed(1)} s, ${Math.round(summary.read / Math.max(seconds, 0.001))} records/s).`,
    );
    if (summary.errors.length) {
      console.log(`${summary.errors.length} record(s) could not be imported:`);
      for (const e of summary.errors) console.log(`  ${e.file} ${e.recordNumber ? `record #${e.recordNumber}` : "(whole file)"}: ${e.message}`);
    }
    if (stop.signal.aborted) {
      console.error(
        "Import interrupted: the records above were imported and indexed; import the files again to finish (records already imported are updated, not duplicated).",
      );
      return 1;
    }
    const unreadable = summary.errors.some((e) => e.recordNumber === 0);
    const nothing = summary.imported + summary.updated + summary.authorities === 0;
    if (unreadable || nothing) {
      console.error(unreadable ? "Import failed: a file could not be read." : "Import failed: no record could be imported.");
      return 1;
    }
    return 0;
  } finally {
    // The new titles' e-mails, when a server is not running to send them (ADR 197).
    await deliverMailOnce(db).catch((e: unknown) =>
      console.error(`E-mail not sent now (kept in the outbox): ${e instanceof Error ? e.message : String(e)}`),
    );
    await db.destroy();
  }
}

/** Runs the command; `cli.ts` imported rather than run (its tests) does nothing. */
function run(): void {
  boundHeapGrowth();
  let settled = false;
  // A database call that never answers empties the event loop without settling main(): that must not look like success.
  process.on("beforeExit", () => {
    if (settled) return;
    console.error("Import stopped before finishing: a database operation never completed.");
    process.exit(1);
  });
  main().then(
    (code) => {
      settled = true;
      exitAfterOutput(code);
    },
    (e: unknown) => {
      settled = true;
      console.error(e instanceof Error ? e.message : e);
      exitAfterOutput(1);
    },
  );
}

/**
 * Exits once what was printed has been written: to a pipe, stdout is asynchronous, and exiting at once cut off the
 * end of a long list of bad records (callbacks of writes to one stream run in order).
 */
function exitAfterOutput(code: number): void {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(import.meta.filename)) run();
