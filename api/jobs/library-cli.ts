/**
 * `npm run library -- <noun> <verb> <id> [...]`: the reference library's own desk (ADR 113), working directly on
 * the configured database (DATA_DIR or DATABASE_URL) with the same functions as the staff channel /api/biblioteca:
 *
 *   payment confirm <cod_gru>                       the bank confirmed a GRU slip: paid, its debits settled
 *   comment approve <cod_comentario>                publish a comment awaiting approval
 *   comment reject <cod_comentario>                 reject it (never published)
 *   suggestion answer <cod_sugestao> <situacao>     give a purchase suggestion a spec §3 status
 *   request answer <cod_solicitacao> <situacao> [--resposta <text>]   answer a request to the library
 *   loan-request answer <cod_solicitacao> <situacao>                  move a loan request on (available, …)
 *   hold ready <cod_reserva> [--dias <n>] [--localizacao <text>]      a copy is set aside for the hold
 *   patron block <cod_pessoa> --motivo <text>       block a patron
 *   patron unblock <cod_pessoa>                     lift the block
 *
 * Exit codes: 0 done (or already so), 1 refused (no such record, not in a state the action applies to) or failed,
 * 2 bad arguments.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Db } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import {
  answerLoanRequest,
  answerRequest,
  answerSuggestion,
  approveComment,
  blockPatron,
  confirmPayment,
  holdReady,
  LOAN_REQUEST_ANSWERS,
  rejectComment,
  REQUEST_ANSWERS,
  SUGGESTION_ANSWERS,
  unblockPatron,
  type ActionOutcome,
} from "../domain/library-actions.ts";

const USAGE = `usage: npm run library -- <noun> <verb> <id> [...]
  payment confirm <cod_gru>
  comment approve|reject <cod_comentario>
  suggestion answer <cod_sugestao> <situacao>      (${SUGGESTION_ANSWERS.join(", ")})
  request answer <cod_solicitacao> <situacao> [--resposta <text>]      (${REQUEST_ANSWERS.join(", ")})
  loan-request answer <cod_solicitacao> <situacao>      (${LOAN_REQUEST_ANSWERS.join(", ")})
  hold ready <cod_reserva> [--dias <1-30>] [--localizacao <text>]
  patron block <cod_pessoa> --motivo <text>
  patron unblock <cod_pessoa>`;

function usage(why: string): never {
  console.error(`library: ${why}\n${USAGE}`);
  process.exit(2);
}

let positionals: string[];
let values: { resposta?: string; dias?: string; localizacao?: string; motivo?: string };
try {
  ({ positionals, values } = parseArgs({
    options: { resposta: { type: "string" }, dias: { type: "string" }, localizacao: { type: "string" }, motivo: { type: "string" } },
    allowPositionals: true,
    strict: true,
  }));
} catch (err) {
  usage(err instanceof Error ? err.message : String(err));
}

const [noun, verb, idText, extra] = positionals;
if (!noun || !verb) usage("name what to do");
if (!idText || !/^[1-9]\d{0,9}$/.test(idText)) usage("the id must be a positive whole number");
const id = Number(idText);

type Action = (db: Db) => Promise<ActionOutcome<Record<string, unknown>>>;
const now = () => Date.now();
const text = (v: string | undefined) => v?.trim() || null;

/** The action named on the command line, or a usage error. */
function chosen(): { action: Action; label: string } {
  switch (`${noun} ${verb}`) {
    case "payment confirm":
      return { label: `GRU ${id}`, action: (db) => confirmPayment(db, id, now()) };
    case "comment approve":
      return { label: `comment ${id}`, action: (db) => approveComment(db, id) };
    case "comment reject":
      return { label: `comment ${id}`, action: (db) => rejectComment(db, id) };
    case "suggestion answer":
      if (!extra || !SUGGESTION_ANSWERS.includes(extra)) usage(`the status must be one of: ${SUGGESTION_ANSWERS.join(", ")}`);
      return { label: `suggestion ${id}`, action: (db) => answerSuggestion(db, id, extra) };
    case "request answer":
      if (!extra || !(REQUEST_ANSWERS as readonly string[]).includes(extra)) usage(`the status must be one of: ${REQUEST_ANSWERS.join(", ")}`);
      return { label: `request ${id}`, action: (db) => answerRequest(db, id, extra, text(values.resposta), now()) };
    case "loan-request answer":
      if (!extra || !(LOAN_REQUEST_ANSWERS as readonly string[]).includes(extra))
        usage(`the status must be one of: ${LOAN_REQUEST_ANSWERS.join(", ")}`);
      return { label: `loan request ${id}`, action: (db) => answerLoanRequest(db, id, extra) };
    case "hold ready": {
      const days = values.dias === undefined ? undefined : Number(values.dias);
      if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 30)) usage("--dias must be a whole number from 1 to 30");
      return { label: `hold ${id}`, action: (db) => holdReady(db, id, now(), { days, localizacao: text(values.localizacao) }) };
    }
    case "patron block": {
      const motivo = text(values.motivo);
      if (!motivo) usage("patron block needs --motivo <text>");
      return { label: `patron ${id}`, action: (db) => blockPatron(db, id, motivo.slice(0, 500)) };
    }
    case "patron unblock":
      return { label: `patron ${id}`, action: (db) => unblockPatron(db, id) };
    default:
      usage(`unknown action "${noun} ${verb}"`);
  }
}

const { action, label } = chosen();
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(process.env.DATA_DIR ?? "data") });
try {
  await migrateToLatest(db);
  const r = await action(db);
  await db.destroy();
  if (!r.ok) {
    console.error(
      `library: refused: ${label} ${r.reason === "nao_encontrado" ? "does not exist" : `is not in a state this applies to${r.situacao ? ` (it is ${r.situacao})` : ""}`}`,
    );
    process.exit(1);
  }
  const { ok: _ok, changed, cod_pessoa: _p, ...state } = r;
  const shown = Object.entries(state)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");
  console.log(`${changed ? "done" : "already so"}: ${label}${shown ? ` ${shown}` : ""}`);
} catch (err) {
  console.error(`library failed: ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy().catch(() => {});
  process.exit(1);
}
