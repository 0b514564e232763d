/**
 * `npm run import -- <files...>`: imports MARC files (ISO 2709, MARCXML, MARC-in-JSON) into the
 * database named by DATABASE_URL / DATA_DIR, with a progress bar and a summary of bad records.
 */
import path from "node:path";
import cliProgress from "cli-progress";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { importFiles } from "./import.ts";

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((a) => a !== "--");
  if (!files.length || files.includes("--help") || files.includes("-h")) {
    console.log("Usage: npm run import -- <file.mrc|file.xml|file.json> [...]\n" + "Reads ISO 2709 (MARC-8 or UTF-8), MARCXML and MARC-in-JSON; the format is detected from the content.\n" + "Database: DATABASE_URL (postgres://… or a SQLite file), else DATA_DIR/estante.sqlite (DATA_DIR defaults to ./data).");
    return files.length ? 0 : 1;
  }
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? "./data" });
  try {
    await migrateToLatest(db);
    // An empty database gets the minimum the catalogue hangs on: institution 1 and one campus.
    if (!(await db.selectFrom("instituicao").select("cod_empresa").where("cod_empresa", "=", 1).executeTakeFirst())) {
      await db.insertInto("instituicao").values({ cod_empresa: 1, sigla: "BIB", nome: "Biblioteca" }).execute();
    }
    if (!(await db.selectFrom("campus").select("cod_campus").executeTakeFirst())) {
      await db.insertInto("campus").values({ cod_empresa: 1, nome_campus: "Campus principal" }).execute();
    }
    const bar = new cliProgress.SingleBar(
      { format: "{file} [{bar}] {value}/{total} records", hideCursor: true, clearOnComplete: false, stopOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    let current = "";
    const summary = await importFiles(db, files.map((f) => path.resolve(f)), {
      onProgress: ({ file, done, total }) => {
        if (file !== current) {
          if (current) bar.stop();
          bar.start(total, done, { file });
          current = file;
        } else bar.update(done);
      },
    });
    if (current) bar.stop();
    console.log(
      `\nRead ${summary.read} records: ${summary.imported} titles imported, ${summary.updated} updated, ` +
        `${summary.authorities} authorities, ${summary.copies} copies, ${summary.skipped} skipped.`,
    );
    if (summary.errors.length) {
      console.log(`\n${summary.errors.length} record(s) could not be imported:`);
      for (const e of summary.errors) console.log(`  ${e.file} record #${e.recordNumber}: ${e.message}`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
