/**
 * New issues of periodicals (ADR 196): the library records an issue (fascículo) of a periodical title when it
 * arrives, and every patron following that periodical for new issues (interest profile, ADR 191) is told through
 * the alerts (ADR 121) — `notify`, the same path the interest-profile dissemination takes, so the patron's
 * receive-e-mails flag and the once-only key apply: one alert per issue and patron however often it is reported.
 */
import type { Db } from "../db/index.ts";
import { periodicalFollowers } from "../db/interest-profiles.ts";
import { findIssue, insertReceivedIssue, libraryName, markIssueReceived, titleAndType } from "../db/periodical-issues.ts";
import type { Mailer } from "../mail/index.ts";
import { notify } from "./alerts.ts";
import { PERIODICAL_WORK_TYPE, todayOf } from "./interest-profiles.ts";

export interface IssueArrival {
  cod_acervo: number;
  cod_biblioteca: number;
  ano: number;
  volume?: string | null;
  numero?: string | null;
  /** The period the issue covers, as printed ("jan./mar."). */
  periodo?: string | null;
  data_publicacao?: string | null;
  /** The day it arrived (YYYY-MM-DD); today when not given. */
  data_chegada?: string | null;
}

/** Why an arrival is refused: not a periodical title, an unknown library, or neither volume nor number. */
export type IssueRefusal = "titulo_inexistente" | "nao_periodico" | "biblioteca_inexistente" | "numeracao_obrigatoria";

export type ReceiveOutcome =
  | { ok: true; cod_fasciculo: number; titulo: string; biblioteca: string; designacao: string; novo: boolean; alertados: number }
  | { ok: false; reason: IssueRefusal };

/** The issue as a library writes it: "v. 36, n. 4, jan./mar. 2026". */
export function issueDesignation(i: { ano: number; volume?: string | null; numero?: string | null; periodo?: string | null }): string {
  return [i.volume ? `v. ${i.volume}` : null, i.numero ? `n. ${i.numero}` : null, i.periodo ? `${i.periodo} ${i.ano}` : String(i.ano)]
    .filter(Boolean)
    .join(", ");
}

/**
 * Records an issue's arrival. An issue already expected (late, claimed from the supplier) with the same year,
 * volume and number becomes received; one already received is left as it is (no new alert). Then the
 * followers are alerted. The arrival and the alerts are separate steps, so a repeated call alerts whoever was
 * missed and nobody twice.
 */
export async function receiveIssue(db: Db, mailer: Mailer, a: IssueArrival, today = todayOf()): Promise<ReceiveOutcome> {
  const title = await titleAndType(db, a.cod_acervo);
  if (!title) return { ok: false, reason: "titulo_inexistente" };
  if (title.cod_tipo_obra !== PERIODICAL_WORK_TYPE) return { ok: false, reason: "nao_periodico" };
  const library = await libraryName(db, a.cod_biblioteca);
  if (!library) return { ok: false, reason: "biblioteca_inexistente" };
  const volume = a.volume?.trim() || null;
  const numero = a.numero?.trim() || null;
  if (!volume && !numero) return { ok: false, reason: "numeracao_obrigatoria" };
  const arrived = a.data_chegada ?? today;
  const key = { cod_acervo: a.cod_acervo, cod_biblioteca: a.cod_biblioteca, ano: a.ano, volume, numero };
  const existing = await findIssue(db, key);
  let periodo = a.periodo?.trim() || null;
  let cod: number;
  let novo = true;
  if (existing) {
    cod = existing.cod_fasciculo;
    novo = existing.situacao !== "recebido";
    if (novo) await markIssueReceived(db, cod, arrived, periodo);
    periodo ??= existing.periodo;
  } else {
    cod = await insertReceivedIssue(db, { ...key, periodo, data_publicacao: a.data_publicacao ?? null, data_chegada: arrived });
  }
  const designacao = issueDesignation({ ano: a.ano, volume, numero, periodo });
  const alertados = await alertFollowers(
    db,
    mailer,
    { cod_fasciculo: cod, cod_acervo: a.cod_acervo, titulo: title.titulo, biblioteca: library.desc_biblioteca, designacao },
    today,
  );
  return { ok: true, cod_fasciculo: cod, titulo: title.titulo, biblioteca: library.desc_biblioteca, designacao, novo, alertados };
}

/**
 * Alerts the patrons who follow the periodical for new issues (`fasciculos` among their journal types) and whose
 * interest profile has not expired (ADR 191: after its date nothing is sent). One alert per issue and patron.
 * Returns how many patrons were alerted now.
 */
export async function alertFollowers(
  db: Db,
  mailer: Mailer,
  issue: { cod_fasciculo: number; cod_acervo: number; titulo: string; biblioteca: string; designacao: string },
  today = todayOf(),
): Promise<number> {
  const followers = await periodicalFollowers(db, issue.cod_acervo, today);
  let alerted = 0;
  for (const f of followers) {
    if (!parseTypes(f.tipos).includes("fasciculos")) continue;
    const isNew = await notify(db, mailer, {
      cod_pessoa: f.cod_pessoa,
      tipo: "fasciculo_novo",
      chave: `fasciculo:${issue.cod_fasciculo}:${f.cod_pessoa}`,
      dados: { titulo: issue.titulo, cod_acervo: issue.cod_acervo, fasciculo: issue.designacao, biblioteca: issue.biblioteca },
      email: {
        subject: `Novo fascículo: ${issue.titulo}`,
        text: `Chegou à ${issue.biblioteca} um novo fascículo de "${issue.titulo}", que você acompanha no seu perfil de interesse:\n\n${issue.designacao}\n`,
      },
    });
    if (isNew) alerted++;
  }
  return alerted;
}

function parseTypes(tipos: string): string[] {
  try {
    const v: unknown = JSON.parse(tipos);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}
