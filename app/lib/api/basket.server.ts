/** Typed calls of the basket and citations (docs/api.md "Cesta"), parsed with zod. */
import { z } from "zod";
import type { ApiClient } from "./client.server";
import { ConsultaItemSchema, type ConsultaItem } from "./catalogue.server";
import { EXPORT_FORMATS, type ExportFormat } from "~/schemas/basket";

const ExportSchema = z.object({
  tipo: z.enum(EXPORT_FORMATS),
  conteudo: z.string(),
  contentType: z.string(),
  extensao: z.string(),
});
export type BasketExport = z.infer<typeof ExportSchema>;

const ReferenciaSchema = z.object({
  referencia: z.string(),
  partes: z.array(z.object({ texto: z.string(), destaque: z.boolean().catch(false) })),
  formatos: z.array(ExportSchema).catch([]).default([]),
});
export type Referencia = z.infer<typeof ReferenciaSchema>;

/** The basket's titles in one call: `GET /api/acervos?ids=` (in basket order; unknown ids dropped). */
export function getBasketTitles(api: ApiClient, ids: number[]): Promise<ConsultaItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return api.get("/acervos", z.array(ConsultaItemSchema), { query: { ids: ids.join(",") } });
}

/** `POST /api/exportar-cesta` with `dados: "texto"`: the titles in one format. */
export function exportBasket(api: ApiClient, tipo: ExportFormat, acervos: number[]): Promise<BasketExport> {
  return api.send("POST", "/exportar-cesta", ExportSchema.extend({ itens: z.number().int() }), { body: { tipo, dados: "texto", acervos } });
}

/** `POST /api/exportar-cesta` with `dados: "email"`; ApiError 422 names the invalid addresses. */
export function emailBasket(
  api: ApiClient,
  input: { tipo: ExportFormat; acervos: number[]; destinatarios: string; assunto?: string; mensagem?: string },
): Promise<{ destinatarios: string[]; itens: number }> {
  return api.send("POST", "/exportar-cesta", z.object({ destinatarios: z.array(z.string()), itens: z.number().int() }), {
    body: {
      tipo: input.tipo,
      dados: "email",
      acervos: input.acervos,
      opcoesEmail: { destinatarios: input.destinatarios, assunto: input.assunto, mensagem: input.mensagem },
    },
  });
}

/** `POST /api/acervo/cesta-permanente {acervos}` (patron): saves the titles; returns the permanent basket's size. */
export function savePermanentBasket(api: ApiClient, acervos: number[]): Promise<{ total: number }> {
  return api.send("POST", "/acervo/cesta-permanente", z.object({ total: z.number().int() }), { body: { acervos }, as: "patron" });
}

/** `GET /api/acervo/{id}/referencia?formato=todos`: the ABNT reference (with its bold part) and every text format. */
export function getReferencia(api: ApiClient, codAcervo: number): Promise<Referencia> {
  return api.get(`/acervo/${encodeURIComponent(String(codAcervo))}/referencia`, ReferenciaSchema, { query: { formato: "todos" } });
}

const PermanentItemSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  desc_tipo_obra: z.string().nullable(),
  idioma: z.string().nullable().catch(null).default(null),
  data_inclusao: z.string(),
});
export type PermanentItem = z.infer<typeof PermanentItemSchema>;

/** `GET /api/acervo/cesta-permanente/colecao` (patron): the permanent basket's titles, newest first. */
export function listPermanentBasket(api: ApiClient): Promise<PermanentItem[]> {
  return api.get("/acervo/cesta-permanente/colecao", z.array(PermanentItemSchema), { as: "patron" });
}

/** `DELETE /api/acervo/cesta-permanente {acervos}` (patron): titles not in it are ignored; returns the new size. */
export function removeFromPermanentBasket(api: ApiClient, acervos: number[]): Promise<{ total: number }> {
  return api.send("DELETE", "/acervo/cesta-permanente", z.object({ total: z.number().int() }), { body: { acervos }, as: "patron" });
}
