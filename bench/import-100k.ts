/**
 * Import rate at 100,000 records, two files.
 *
 * 1. Realistic (issue 27; {@link runRealisticImport}): a file from bench/realistic-catalogue.ts (the search bench's
 *    generator: Zipf vocabulary from the system's word lists, subtitles, subject headings with subdivisions, 852/949
 *    holdings), imported by the command users run, `npm run import`, in a child process on a fresh database: records/s
 *    by wall clock, records per CPU second of every process it starts (all their threads; the shell's `times`), and
 *    the peak resident memory (the largest VmHWM among those processes, sampled from /proc: the importer with its
 *    reader threads). BENCH_DB_DIR keeps the generated file (the folder the search bench uses for the same count
 *    and seed); BENCH_IMPORT_REALISTIC=0 skips it.
 * 2. Synthetic: generates an ISO 2709 file (seeded, deterministic) from the bundled demo
 * records — each copy gets its own 001/003, a numbered title and one 952 item with a unique barcode — then
 * imports it into a fresh SQLite database through `importFiles` (parse, map, write, index) in bulk mode, as
 * `npm run import` does for a file this size, and reports records per second and the peak resident memory.
 * Alone: `npx tsx bench/import-100k.ts`. BENCH_IMPORT_RECORDS changes the count; BENCH_IMPORT_FILE reuses a
 * generated file; BENCH_IMPORT_MODES=bulk,normal also times the normal mode (one fresh database each);
 * BENCH_IMPORT_READERS sets bulk mode's reader threads (0: none), BENCH_IMPORT_BATCH its records per transaction.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../api/db/index.ts";
import { migrateToLatest } from "../api/db/migrate.ts";
import { demoFiles } from "../api/marc/demo.ts";
import { bulkReaders, importFiles } from "../api/marc/import.ts";
import { recordKind } from "../api/marc/map.ts";
import { readRecords } from "../api/marc/read.ts";
import { controlValue, type MarcRecord } from "../api/marc/types.ts";
import { toIso2709 } from "../api/marc/write.ts";
import { writeRealisticFile } from "./realistic-catalogue.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Writes `n` records derived from the demo catalogue's bibliographic records to `file`. */
export async function generateImportFile(file: string, n: number): Promise<void> {
  const sources: MarcRecord[] = [];
  for (const f of demoFiles(root)) {
    for (const r of await readRecords(fs.readFileSync(f))) {
      if (r.record && recordKind(r.record) === "bib") sources.push(r.record);
    }
  }
  const branches = ["BC", "BCS", "BCN"];
  const out = fs.createWriteStream(file);
  for (let i = 0; i < n; i++) {
    const src = sources[i % sources.length];
    const fields = src.fields
      .filter((f) => !["001", "003", "852", "949", "952", "999"].includes(f.tag))
      .map((f) => {
        if (f.tag !== "245" || !("subfields" in f)) return f;
        return { ...f, subfields: f.subfields.map((s, k) => (k === 0 ? { ...s, value: `${s.value} ${i + 1}` } : s)) };
      });
    const rec: MarcRecord = {
      leader: src.leader,
      fields: [
        { tag: "001", value: `B${String(i + 1).padStart(7, "0")}` },
        { tag: "003", value: "ESTBENCH" },
        ...fields.filter((f) => f.tag !== "001" && f.tag < "010"),
        ...fields.filter((f) => f.tag >= "010"),
        {
          tag: "952",
          ind1: " ",
          ind2: " ",
          subfields: [
            { code: "a", value: branches[i % 3] },
            { code: "b", value: branches[i % 3] },
            { code: "p", value: `BENCH${i + 1}` },
            { code: "o", value: controlValue(src, "090") ?? `${i % 1000}.${i % 97}` },
          ],
        },
      ],
    };
    let bytes: Buffer;
    try {
      bytes = toIso2709(rec);
    } catch {
      bytes = toIso2709({ ...rec, fields: rec.fields.filter((f) => f.tag < "500" || f.tag === "952") });
    }
    if (!out.write(bytes)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

export interface ImportBenchResult {
  mode: "bulk" | "normal";
  records: number;
  seconds: number;
  recordsPerSecond: number;
  /** CPU time of this process (user + system): the import's own work, whatever else loads the machine. */
  cpuSeconds: number;
  recordsPerCpuSecond: number;
  peakRssMb: number;
  /**
   * Peak anonymous resident memory (Linux): the process's own memory, without the pages of the database file it
   * reads through its memory map (counted in RSS, but the operating system's file cache). Undefined elsewhere.
   */
  peakAnonMb?: number;
  /** CPU time of the writing thread alone (Linux): the part that the reader threads cannot share. */
  writerCpuSeconds?: number;
  /** Reader threads (bulk mode; 0 in normal mode) and this machine's cores. */
  readers: number;
  cores: number;
  titles: number;
  /** The machine's load average (1 min) at the end of the run: the cores are shared, so wall time varies with it. */
  load: number;
}

export async function runImport100k(): Promise<ImportBenchResult[]> {
  const n = Number(process.env.BENCH_IMPORT_RECORDS ?? 100_000);
  const modes = (process.env.BENCH_IMPORT_MODES ?? "bulk")
    .split(",")
    .map((m) => (m.trim() === "normal" ? "normal" : "bulk") as ImportBenchResult["mode"]);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "estante-import-bench-"));
  try {
    let file = process.env.BENCH_IMPORT_FILE;
    if (!file || !fs.existsSync(file)) {
      file ??= path.join(work, "records.mrc");
      const t = Date.now();
      await generateImportFile(file, n);
      console.log(
        `import bench: generated ${n} ISO 2709 records (${(fs.statSync(file).size / 1e6).toFixed(0)} MB) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const results: ImportBenchResult[] = [];
    for (const mode of modes) results.push(await importOnce(file, path.join(work, mode), mode));
    return results;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The process's anonymous resident memory in bytes (Linux `RssAnon`), or undefined. */
function rssAnon(): number | undefined {
  try {
    const m = /RssAnon:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds of the calling thread (Linux, from /proc/thread-self/stat), or undefined. */
function threadCpuSeconds(): number | undefined {
  try {
    const fields = fs.readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function importOnce(file: string, dataDir: string, mode: ImportBenchResult["mode"]): Promise<ImportBenchResult> {
  const db = openDatabase({ dataDir });
  await migrateToLatest(db);
  await db.insertInto("instituicao").values({ cod_empresa: 1, sigla: "BIB", nome: "Biblioteca" }).execute();
  await db.insertInto("campus").values({ cod_empresa: 1, nome_campus: "Campus" }).execute();
  let peak = process.memoryUsage().rss;
  let peakAnon = rssAnon();
  const writerCpu = threadCpuSeconds();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const readers = mode === "normal" ? 0 : process.env.BENCH_IMPORT_READERS ? Number(process.env.BENCH_IMPORT_READERS) : bulkReaders();
  const summary = await importFiles(db, [file], {
    bulk: mode === "bulk",
    readers,
    batchSize: process.env.BENCH_IMPORT_BATCH ? Number(process.env.BENCH_IMPORT_BATCH) : undefined,
    onProgress: (e) => {
      peak = Math.max(peak, process.memoryUsage().rss);
      const anon = rssAnon();
      if (anon !== undefined) peakAnon = Math.max(peakAnon ?? 0, anon);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `  ${e.done} records, ${((performance.now() - started) / 1000).toFixed(1)} s, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB, anonymous ${((anon ?? 0) / 1e6).toFixed(0)} MB`,
        );
    },
  });
  // CPU time of the whole process: this thread and the bulk mode's reader threads.
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const writerEnd = threadCpuSeconds();
  const writerCpuSeconds = writerCpu !== undefined && writerEnd !== undefined ? writerEnd - writerCpu : undefined;
  const titles = Number((await db.selectFrom("acervo").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  await db.destroy();
  if (summary.errors.length) console.log(`import bench: ${summary.errors.length} records refused, first: ${summary.errors[0].message}`);
  return {
    mode,
    records: summary.read,
    seconds,
    recordsPerSecond: summary.read / seconds,
    cpuSeconds,
    recordsPerCpuSecond: summary.read / cpuSeconds,
    peakRssMb: peak / 1e6,
    peakAnonMb: peakAnon === undefined ? undefined : peakAnon / 1e6,
    writerCpuSeconds,
    readers,
    cores: os.availableParallelism(),
    titles,
    load: os.loadavg()[0],
  };
}

/**
 * The bench's results as a Markdown table (the issue's target: 5,000 records/s). "Writing thread's ceiling" is
 * the records per CPU second of the writing thread alone: the rate the import reaches when the reader threads
 * have cores enough to keep up with it (the rest of its work divides among them).
 */
export function importTable(results: ImportBenchResult[]): string {
  return (
    `\n## Import at ${results[0].records.toLocaleString("en")} records (target 5,000 records/s)\n\n` +
    `| mode | readers / cores | records | titles | wall s | records/s (wall) | CPU s | records/s (CPU) | writing thread CPU s | writing thread's ceiling, records/s | peak RSS | peak anonymous RSS | load avg |\n` +
    `|---|---|---|---|---|---|---|---|---|---|---|---|---|\n` +
    results
      .map(
        (r) =>
          `| ${r.mode} | ${r.readers} / ${r.cores} | ${r.records} | ${r.titles} | ${r.seconds.toFixed(1)} | **${Math.round(r.recordsPerSecond)}** | ${r.cpuSeconds.toFixed(1)} | **${Math.round(r.recordsPerCpuSecond)}** | ` +
          `${r.writerCpuSeconds?.toFixed(1) ?? "—"} | ${r.writerCpuSeconds ? Math.round(r.records / r.writerCpuSeconds) : "—"} | ${r.peakRssMb.toFixed(0)} MB | ` +
          `${r.peakAnonMb === undefined ? "—" : `${r.peakAnonMb.toFixed(0)} MB`} | ${r.load.toFixed(1)} |`,
      )
      .join("\n")
  );
}

/** One end-to-end run of `npm run import` on a realistic file (see the file's comment). */
export interface RealisticImportResult {
  records: number;
  titles: number;
  megabytes: number;
  /** Bulk mode (the command turns it on by itself from 50 MB of files). */
  bulk: boolean;
  seconds: number;
  recordsPerSecond: number;
  /** User + system CPU of every process the command ran (npm, the shell, tsx, the importer and its threads). */
  cpuSeconds?: number;
  recordsPerCpuSecond?: number;
  /** The largest peak resident set (VmHWM) among those processes: the importer's, its threads included. */
  peakMb?: number;
  /** The same, summed over the processes (npm and tsx's own node processes add about 100 MB). */
  peakTreeMb?: number;
  loadBefore: number;
  loadAfter: number;
  cores: number;
}

/** The process ids under `pid` (Linux), `pid` included. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of fs.readFileSync(`/proc/${out[i]}/task/${t}/children`, "utf8").split(" ")) if (c.trim()) out.push(Number(c));
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return out;
}

/** A process's peak resident set (VmHWM) in bytes, or undefined. */
function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Generates (or reuses) the realistic file and imports it with `npm run import` into a fresh SQLite database in a
 * child process, as a user would. BENCH_IMPORT_RECORDS (100,000) and BENCH_SEED (27) choose the file.
 */
export async function runRealisticImport(): Promise<RealisticImportResult> {
  const n = Number(process.env.BENCH_IMPORT_RECORDS ?? 100_000);
  const seed = Number(process.env.BENCH_SEED ?? 27);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "estante-import-realistic-"));
  try {
    const keep = process.env.BENCH_DB_DIR ? path.resolve(process.env.BENCH_DB_DIR, `realistic-${n}-${seed}`) : null;
    const file = path.join(keep ?? work, "catalogue.mrc");
    if (!keep || !fs.existsSync(file)) {
      if (keep) fs.mkdirSync(keep, { recursive: true });
      const t = Date.now();
      await writeRealisticFile(file, n, seed);
      console.log(`import bench: generated ${n} realistic records (seed ${seed}) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    const megabytes = fs.statSync(file).size / 1e6;
    const dataDir = path.join(work, "data");
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const loadBefore = os.loadavg()[0];
    const started = performance.now();
    // The shell reports its children's CPU time (`times`, every process it waited for and their threads) on fd 3.
    const child = spawn("sh", ["-c", '"$@"; s=$?; times >&3; exit $s', "sh", "npm", "run", "--silent", "import", "--", file], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    let out = "";
    let timesOut = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (d: Buffer) => (timesOut += d.toString()));
    const peaks = new Map<number, number>();
    const sample = () => {
      for (const pid of processTree(child.pid!)) {
        const hwm = peakRss(pid);
        if (hwm !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, hwm));
      }
    };
    const timer = setInterval(sample, 100);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`npm run import exited with ${code}:\n${out.slice(-2000)}`);
    const read = /Read (\d+) records: (\d+) titles imported/.exec(out);
    const records = read ? Number(read[1]) : n;
    // POSIX `times`: this shell's user and system time, then its children's ("0m12.34s 0m1.05s").
    const t = [...(timesOut.split("\n")[1] ?? "").matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    const cpuSeconds = t.length === 2 ? t[0] + t[1] : undefined;
    const all = [...peaks.values()];
    return {
      records,
      titles: read ? Number(read[2]) : 0,
      megabytes,
      bulk: out.includes("Bulk mode"),
      seconds,
      recordsPerSecond: records / seconds,
      cpuSeconds,
      recordsPerCpuSecond: cpuSeconds ? records / cpuSeconds : undefined,
      peakMb: all.length ? Math.max(...all) / 1e6 : undefined,
      peakTreeMb: all.length ? all.reduce((a, b) => a + b, 0) / 1e6 : undefined,
      loadBefore,
      loadAfter: os.loadavg()[0],
      cores: os.availableParallelism(),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The realistic run as a Markdown table, with issue 27's targets. */
export function realisticImportTable(r: RealisticImportResult): string {
  const mb = (v: number | undefined) => (v === undefined ? "—" : `${v.toFixed(0)} MB`);
  return (
    `\n## \`npm run import\` of ${r.records.toLocaleString("en")} realistic records (targets: ≥ 2,000 records/s wall on 2 cores, ≥ 1,000 per CPU second, peak under 1 GB)\n\n` +
    `| file | mode | titles | wall s | records/s (wall) | CPU s | records per CPU second | peak memory (importer) | peak memory (all its processes) | load avg before → after | cores |\n` +
    `|---|---|---|---|---|---|---|---|---|---|---|\n` +
    `| ${r.megabytes.toFixed(0)} MB | ${r.bulk ? "bulk" : "normal"} | ${r.titles} | ${r.seconds.toFixed(1)} | **${Math.round(r.recordsPerSecond)}** | ${r.cpuSeconds?.toFixed(1) ?? "—"} | ` +
    `**${r.recordsPerCpuSecond ? Math.round(r.recordsPerCpuSecond) : "—"}** | **${mb(r.peakMb)}**${r.peakMb === undefined ? "" : ` (${((r.peakMb * 1e6) / 2 ** 20).toFixed(0)} MiB; ${r.peakMb < 1000 ? "under" : "over"} the 1 GB target)`} | ${mb(r.peakTreeMb)} | ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)} | ${r.cores} |`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    if (process.env.BENCH_IMPORT_REALISTIC !== "0") console.log(realisticImportTable(await runRealisticImport()));
    if (process.env.BENCH_IMPORT_SYNTHETIC !== "0") console.log(importTable(await runImport100k()));
  })();
}
