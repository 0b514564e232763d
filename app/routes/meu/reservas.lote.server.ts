/**
 * Changing several holds at once (issue 29, ADR 247): suspend until a date, resume, or move the pickup library of
 * the selected holds or of all of them. Each hold goes through the spec's own per-hold call, so any backend that
 * has those calls has this; each hold's outcome is kept (a sealed flash cookie across the redirect) and shown.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { changeHoldLibrary, suspendHold, type MyHold } from "~/lib/api/account/holds.server";
import type { ApiClient } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getHoldOptions } from "~/lib/api/requests.server";
import { settle } from "~/lib/api/settle.server";
import { isDay } from "~/schemas/account/date-range";
import { flashOutcome } from "./+shared/flash-outcome.server";
import { HOLDS_PATH } from "./paths";

export const BULK_INTENTS = ["lote-suspender", "lote-retomar", "lote-biblioteca"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

/** The reasons a hold of the batch can be refused for: the API's codes, and the two the portal sees first. */
export const BULK_REASONS = [
  "reserva_nao_suspensivel",
  "data_suspensao_invalida",
  "reserva_em_transito",
  "biblioteca_invalida",
  "nao_suspensa",
  "ja_nesta_biblioteca",
  "nao_encontrada",
  "falha",
] as const;
type Reason = (typeof BULK_REASONS)[number];

const OutcomeSchema = z.object({
  k: z.enum(BULK_INTENTS),
  r: z.array(z.object({ i: z.number().int(), ok: z.boolean(), m: z.enum(BULK_REASONS).nullable() })).max(100),
});
export type BulkOutcome = z.infer<typeof OutcomeSchema>;

const flash = flashOutcome("estante_reservas_lote", "holds-batch-v1", OutcomeSchema);

export function readBulkOutcome(request: Request): BulkOutcome | null {
  return flash.read(request);
}

export function bulkOutcomeCookie(request: Request, outcome: BulkOutcome | null): string {
  return flash.cookie(request, outcome);
}

/** The pickup libraries the batch form offers: every library where at least one changeable hold may be picked up. */
export async function pickupLibraries(api: ApiClient, holds: readonly MyHold[]): Promise<{ value: string; label: string }[]> {
  const titles = [...new Set(holds.filter((h) => h.estado === "aguardando" || h.estado === "suspensa").map((h) => h.cod_acervo))].slice(0, 30);
  const answers = await Promise.all(titles.map((c) => settle(getHoldOptions(api, c))));
  const seen = new Map<number, string>();
  for (const a of answers) if (a.ok) for (const b of a.value.bibliotecas) seen.set(b.cod_biblioteca, b.desc_biblioteca);
  return [...seen].map(([value, label]) => ({ value: String(value), label })).sort((a, b) => a.label.localeCompare(b.label));
}

function reasonOf(err: unknown): Reason {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 0 || err.status >= 500) throw err;
    if (err.status === 404) return "nao_encontrada";
    if (err.code && (BULK_REASONS as readonly string[]).includes(err.code)) return err.code as Reason;
    return "falha";
  }
  throw err;
}

export interface BulkInput {
  intent: BulkIntent;
  /** The holds chosen, or "all" (every active hold the change applies to). */
  ids: number[] | "all";
  until: string;
  library: number | null;
}

export type BulkFieldError = { field: "lote-ate" | "lote-biblioteca" | "reservas-lista"; key: string };

/** Checks the batch form: a date for suspending, a library for moving, a selection unless "all". */
export function checkBulk(input: BulkInput): BulkFieldError | null {
  if (input.ids !== "all" && input.ids.length === 0) return { field: "reservas-lista", key: "holds:errors.select_one" };
  if (input.intent === "lote-suspender") {
    if (!input.until) return { field: "lote-ate", key: "holds:errors.date_required" };
    if (!isDay(input.until)) return { field: "lote-ate", key: "holds:errors.date_invalid" };
  }
  if (input.intent === "lote-biblioteca" && !input.library) return { field: "lote-biblioteca", key: "holds:errors.library_required" };
  return null;
}

/**
 * Applies the change to each hold in turn, one call each, and answers every hold's outcome. With "all", only the
 * holds the change can concern are taken (resume: the suspended ones; the others: those waiting or suspended).
 */
export async function applyBulk(api: ApiClient, holds: readonly MyHold[], input: BulkInput): Promise<BulkOutcome> {
  const concerned = (h: MyHold) => (input.intent === "lote-retomar" ? h.estado === "suspensa" : h.estado === "aguardando" || h.estado === "suspensa");
  const targets: { id: number; hold: MyHold | undefined }[] =
    input.ids === "all"
      ? holds.filter(concerned).map((h) => ({ id: h.cod_reserva, hold: h }))
      : input.ids.map((id) => ({ id, hold: holds.find((h) => h.cod_reserva === id) }));
  const r: BulkOutcome["r"] = [];
  for (const { id, hold } of targets.slice(0, 100)) {
    if (!hold) {
      r.push({ i: id, ok: false, m: "nao_encontrada" });
      continue;
    }
    if (input.intent === "lote-retomar" && hold.estado !== "suspensa") {
      r.push({ i: id, ok: false, m: "nao_suspensa" });
      continue;
    }
    if (input.intent === "lote-biblioteca" && hold.cod_biblioteca === input.library) {
      r.push({ i: id, ok: false, m: "ja_nesta_biblioteca" });
      continue;
    }
    try {
      if (input.intent === "lote-suspender") await suspendHold(api, id, input.until);
      else if (input.intent === "lote-retomar") await suspendHold(api, id, null);
      else await changeHoldLibrary(api, id, input.library!);
      r.push({ i: id, ok: true, m: null });
    } catch (err) {
      r.push({ i: id, ok: false, m: reasonOf(err) });
    }
  }
  return { k: input.intent, r };
}

/** Reads the batch form's fields. */
export function readBulk(form: FormData, intent: BulkIntent, ids: number[]): BulkInput {
  const library = Number(form.get("lote-biblioteca"));
  return {
    intent,
    ids: form.get("alvo") === "todas" ? "all" : ids,
    until: String(form.get("ate") ?? "").slice(0, 10),
    library: Number.isInteger(library) && library > 0 ? library : null,
  };
}

/** Runs the batch and redirects to the holds with the outcome (PRG); a bad form is a 400 with the field's message. */
export async function bulkAction(
  request: Request,
  api: ApiClient,
  form: FormData,
  intent: BulkIntent,
  ids: number[],
  holds: () => Promise<MyHold[]>,
  t: (k: string) => string,
) {
  const input = readBulk(form, intent, ids);
  const bad = checkBulk(input);
  const values = {
    alvo: input.ids === "all" ? "todas" : "selecionadas",
    ate: input.until,
    biblioteca: input.library ? String(input.library) : "",
    reservas: input.ids === "all" ? [] : input.ids,
  };
  if (bad) return data({ error: { field: bad.field, message: t(bad.key) }, bulkValues: values }, { status: 400 });
  const outcome = await applyBulk(api, await holds(), input);
  if (outcome.r.length === 0)
    return data({ error: { field: "reservas-lista", message: t("holds:bulk.none_concerned") }, bulkValues: values }, { status: 400 });
  return redirect(`${HOLDS_PATH}?lote=resultado#resultado-lote`, { headers: { "Set-Cookie": bulkOutcomeCookie(request, outcome) } });
}
