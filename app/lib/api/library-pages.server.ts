/**
 * The library's own pages (spec §7 Parametros: `secao_1`, `secao_2`, `informacoes_gerais`, `faq`,
 * `eventos_institucionais`; ADR 194): read with the public token, parsed with zod, the HTML sanitized, and
 * cached per process and API language for 5 minutes like the site configuration (the footer asks on every page
 * which of them have content).
 */
import { z } from "zod";
import type { FullApiClient } from "./client.server";
import { sanitizeInstitutionHtml } from "../institution-html.server";

const text = z
  .string()
  .nullish()
  .transform((v) => v?.trim() ?? "");

export const SecaoSchema = z.looseObject({ titulo: text, conteudo: text });
export const FaqSchema = z.array(z.looseObject({ pergunta: text, resposta: text }));
export const EventoSchema = z.looseObject({
  titulo: text,
  data_inicio: text,
  data_fim: text,
  local: z.string().nullish(),
  descricao: text,
});

/** A text block with its HTML already sanitized. */
export interface Block {
  id: "informacoes_gerais" | "secao_1" | "secao_2";
  titulo: string;
  html: string;
}
export interface Question {
  pergunta: string;
  html: string;
}
export interface LibraryEvent {
  titulo: string;
  /** ISO dates (YYYY-MM-DD); `fim` equals `inicio` for a one-day event. */
  inicio: string;
  fim: string;
  local: string | null;
  descricao: string;
}
export interface LibraryPages {
  /** General information, then sections 1 and 2: only the blocks that have content. */
  blocks: Block[];
  faq: Question[];
  events: LibraryEvent[];
  /** The events service could not be reached or refused the call (spec §8: the page says to contact support). */
  eventsFailed: boolean;
}

/** Which of the pages have content (the footer and the home page link only to these). */
export interface LibraryPagesPresence {
  informacoes: boolean;
  faq: boolean;
  eventos: boolean;
}

export function presenceOf(p: LibraryPages): LibraryPagesPresence {
  // A failed events service keeps its link: the page says what happened instead of vanishing (spec §8).
  return { informacoes: p.blocks.length > 0, faq: p.faq.length > 0, eventos: p.events.length > 0 || p.eventsFailed };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BLOCKS = ["informacoes_gerais", "secao_1", "secao_2"] as const;

/** Turns the API's answers into the pages' data: empty entries dropped, HTML sanitized (allowlist). */
export function toLibraryPages(raw: {
  blocks: (z.infer<typeof SecaoSchema> | null)[];
  faq: z.infer<typeof FaqSchema> | null;
  events: z.infer<typeof EventoSchema>[] | null;
  eventsFailed?: boolean;
}): LibraryPages {
  const blocks: Block[] = [];
  raw.blocks.forEach((b, i) => {
    const html = b?.conteudo ? sanitizeInstitutionHtml(b.conteudo).trim() : "";
    if (b && html) blocks.push({ id: BLOCKS[i]!, titulo: b.titulo, html });
  });
  const faq = (raw.faq ?? [])
    .map((q) => ({ pergunta: q.pergunta, html: sanitizeInstitutionHtml(q.resposta).trim() }))
    .filter((q) => q.pergunta && q.html);
  const events = (raw.events ?? [])
    .filter((e) => e.titulo && ISO_DATE.test(e.data_inicio))
    .map((e) => ({
      titulo: e.titulo,
      inicio: e.data_inicio,
      fim: ISO_DATE.test(e.data_fim) && e.data_fim >= e.data_inicio ? e.data_fim : e.data_inicio,
      local: e.local?.trim() || null,
      descricao: e.descricao,
    }))
    .sort((a, b) => a.inicio.localeCompare(b.inicio));
  return { blocks, faq, events, eventsFailed: raw.eventsFailed ?? false };
}

const TTL_MS = 5 * 60 * 1000;
/** A partial failure (the events service) is asked again sooner than a full answer is. */
const FAILED_TTL_MS = 30 * 1000;
const cache = new Map<string, { at: number; ttl: number; value: Promise<LibraryPages> }>();

/**
 * The library's pages in the API language `cacheKey`. A call that fails counts as no content (its page and
 * link are not shown); the cache keeps the answer 5 minutes, a failure of every call not at all.
 */
export function getLibraryPages(api: FullApiClient, cacheKey: string): Promise<LibraryPages> {
  const hit = cache.get(cacheKey);
  if (hit && Date.now() - hit.at < hit.ttl) return hit.value;
  const soft = <T>(p: Promise<T>) => p.then((v) => ({ ok: true as const, v })).catch(() => ({ ok: false as const, v: null }));
  const value = Promise.all([
    ...BLOCKS.map((k) => soft(api.get(`/parametros/${k}`, SecaoSchema, { as: "public" }))),
    soft(api.get("/parametros/faq", FaqSchema, { as: "public" })),
    soft(api.get("/parametros/eventos_institucionais", z.array(EventoSchema), { as: "public" })),
  ]).then((answers) => {
    if (answers.every((a) => !a.ok)) throw new Error("library pages unavailable");
    const [b1, b2, b3, faq, events] = answers;
    return toLibraryPages({
      blocks: [b1, b2, b3].map((b) => (b?.v as z.infer<typeof SecaoSchema> | null) ?? null),
      faq: (faq?.v as z.infer<typeof FaqSchema> | null) ?? null,
      events: (events?.v as z.infer<typeof EventoSchema>[] | null) ?? null,
      eventsFailed: !events?.ok,
    });
  });
  const entry = { at: Date.now(), ttl: TTL_MS, value };
  cache.set(cacheKey, entry);
  void value.then(
    (p) => {
      if (p.eventsFailed) entry.ttl = FAILED_TTL_MS;
    },
    () => {},
  );
  value.catch(() => {
    if (cache.get(cacheKey)?.value === value) cache.delete(cacheKey);
  });
  return value;
}
