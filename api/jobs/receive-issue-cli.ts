/**
 * `npm run receive-issue -- --titulo <cod_acervo> --biblioteca <cod> --ano <year> [--volume v] [--numero n]
 * [--periodo "jan./mar."] [--publicacao YYYY-MM-DD] [--chegada YYYY-MM-DD]`: records the arrival of an issue of a
 * periodical (the serials desk's check-in) against the configured database (DATA_DIR or DATABASE_URL), and alerts
 * the patrons who follow the periodical for new issues (ADR 196). Running it again for the same issue alerts nobody twice.
 * Exit codes: 0 received, 1 refused or failed, 2 bad arguments.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { receiveIssue, type IssueRefusal } from "../domain/periodical-issues.ts";
import { deliverMailOnce, mailerFromEnv } from "../mail/index.ts";

const USAGE =
  "usage: npm run receive-issue -- --titulo <cod_acervo> --biblioteca <cod_biblioteca> --ano <year> [--volume <v>] [--numero <n>] [--periodo <text>] [--publicacao YYYY-MM-DD] [--chegada YYYY-MM-DD]";

const REFUSALS: Record<IssueRefusal, string> = {
  titulo_inexistente: "no title with that cod_acervo",
  nao_periodico: "the title is not a periodical",
  biblioteca_inexistente: "no library with that cod_biblioteca",
  numeracao_obrigatoria: "give the issue's volume, number or both",
};

function usage(why: string): never {
  console.error(`receive-issue: ${why}\n${USAGE}`);
  process.exit(2);
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      titulo: { type: "string" },
      biblioteca: { type: "string" },
      ano: { type: "string" },
      volume: { type: "string" },
      numero: { type: "string" },
      periodo: { type: "string" },
      publicacao: { type: "string" },
      chegada: { type: "string" },
    },
    strict: true,
  }));
} catch (err) {
  usage(err instanceof Error ? err.message : String(err));
}
const int = (name: string) => {
  const v = values[name];
  if (!v || !/^\d+$/.test(v)) usage(`--${name} must be a positive whole number`);
  return Number(v);
};
const day = (name: string) => {
  const v = values[name];
  if (v !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) usage(`--${name} must be a date YYYY-MM-DD`);
  return v ?? null;
};
const arrival = {
  cod_acervo: int("titulo"),
  cod_biblioteca: int("biblioteca"),
  ano: int("ano"),
  volume: values.volume ?? null,
  numero: values.numero ?? null,
  periodo: values.periodo ?? null,
  data_publicacao: day("publicacao"),
  data_chegada: day("chegada"),
};

const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await migrateToLatest(db);
  const mailer = mailerFromEnv(db, dataDir);
  const r = await receiveIssue(db, mailer, arrival);
  await deliverMailOnce(db);
  await db.destroy();
  if (!r.ok) {
    console.error(`receive-issue: refused: ${REFUSALS[r.reason]}`);
    process.exit(1);
  }
  console.log(
    `${r.novo ? "received" : "already received"}: "${r.titulo}" ${r.designacao} at ${r.biblioteca} (issue ${r.cod_fasciculo}); ${r.alertados} follower(s) alerted`,
  );
} catch (err) {
  console.error(`receive-issue failed: ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy().catch(() => {});
  process.exit(1);
}
