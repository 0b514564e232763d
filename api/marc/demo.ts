import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { importFiles } from "./import.ts";

/** Where the bundled demo catalogue lives, relative to the project root. */
export const DEMO_DATA_DIR = path.join("api", "seed", "data");

/** Every MARC file of the bundled demo catalogue (bibliographic files first, authorities last), sorted for determinism. */
export function demoFiles(projectRoot: string): string[] {
  const dir = path.join(projectRoot, DEMO_DATA_DIR);
  const walk = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      if (e.isDirectory()) return walk(p);
      return /\.(mrc|marc|dat|xml|json)$/i.test(e.name) ? [p] : [];
    });
  const files = walk(dir).sort();
  const isAuth = (f: string) => /authorit/i.test(path.basename(f));
  return [...files.filter((f) => !isAuth(f)), ...files.filter(isAuth)];
}

/**
 * Maps a source branch code deterministically onto one of the demo libraries (normally 1, 2, 3), so the
 * same record always lands in the same library; copies without a code go to the first library.
 */
export function demoLibraryResolver(libraries: number[]): (code: string | undefined) => number {
  if (!libraries.length) throw new Error("the demo catalogue needs the demo libraries to be seeded first");
  return (code) => {
    if (!code?.trim()) return libraries[0];
    const h = crypto.createHash("sha1").update(code.trim().toUpperCase()).digest();
    return libraries[h[0] % libraries.length];
  };
}

/**
 * Imports the bundled demo catalogue (titles, copies, links, authorities) into a freshly seeded database,
 * logging progress through `log`. Titles without item fields get one copy in the first library. `files`
 * narrows it to some of the bundled files (tests).
 */
export async function importDemoCatalogue(
  db: Kysely<DB>,
  log: (m: string) => void,
  projectRoot: string,
  files = demoFiles(projectRoot),
): Promise<void> {
  const started = Date.now();
  const libs = (await db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").limit(3).execute()).map((r) => r.cod_biblioteca);
  log(`Demo catalogue: importing ${files.length} MARC files from ${DEMO_DATA_DIR}`);
  const summary = await importFiles(db, files, {
    codEmpresa: 1,
    libraryFor: demoLibraryResolver(libs),
    copyWhenMissing: true,
    onProgress: ({ file, done, finished }) => {
      if (finished) log(`  ${file}: ${done} records`);
    },
  });
  log(
    `Demo catalogue: ${summary.imported} titles (${summary.updated} updated), ${summary.copies} copies, ` +
      `${summary.authorities} authorities, ${summary.skipped} skipped, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const e of summary.errors.slice(0, 20)) log(`  skipped ${e.file} #${e.recordNumber}: ${e.message}`);
}
