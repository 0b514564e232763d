/** Typed calls of the patron lists (`/api/estante/listas`, docs/api.md "Listas", ADR 246). */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import { ListItemSchema, ListSchema, PublicListItemSchema, type PatronList, type PatronListItem } from "./types";

const base = "/estante/listas";
const ref = (lista: string) => `${base}/${encodeURIComponent(lista)}`;

/** `GET /api/estante/listas[?acervo=]` (patron): the lists, the default one first; with `acervo`, which hold it. */
export function listLists(api: ApiClient, acervo?: number): Promise<{ listas: Array<PatronList & { contem?: boolean }>; limite: number }> {
  return api.get(base, z.object({ listas: z.array(ListSchema.extend({ contem: z.boolean().optional() })), limite: z.number().int() }), {
    as: "patron",
    query: { acervo },
  });
}

/** `POST /api/estante/listas {nome}` (patron): the new list. */
export function createList(api: ApiClient, nome: string): Promise<PatronList> {
  return api.send("POST", base, ListSchema, { as: "patron", body: { nome } });
}

/** `GET /api/estante/listas/{lista}` (patron): the list with its titles and notes. */
export function getList(api: ApiClient, lista: string): Promise<PatronList & { titulos: PatronListItem[] }> {
  return api.get(ref(lista), ListSchema.extend({ titulos: z.array(ListItemSchema) }), { as: "patron" });
}

/** `PUT /api/estante/listas/{lista} {nome?, publica?}` (patron): rename; public (new token) or private (token revoked). */
export function changeList(api: ApiClient, lista: string, change: { nome?: string; publica?: boolean }): Promise<PatronList> {
  return api.send("PUT", ref(lista), ListSchema, { as: "patron", body: change });
}

/** `DELETE /api/estante/listas/{lista}` (patron); 409 for the default list. */
export function deleteList(api: ApiClient, lista: string): Promise<{ apagada: true }> {
  return api.send("DELETE", ref(lista), z.object({ apagada: z.literal(true) }), { as: "patron" });
}

/** `POST /api/estante/listas/{lista}/itens {acervo, nota?}` (patron): `adicionado` false when it was there already. */
export function addToList(api: ApiClient, lista: string, acervo: number, nota?: string): Promise<PatronList & { adicionado: boolean }> {
  return api.send("POST", `${ref(lista)}/itens`, ListSchema.extend({ adicionado: z.boolean() }), {
    as: "patron",
    body: { acervo, ...(nota ? { nota } : {}) },
  });
}

/** `PUT /api/estante/listas/{lista}/itens/{acervo} {nota}` (patron): empty clears the note. */
export function setListNote(api: ApiClient, lista: string, acervo: number, nota: string): Promise<{ nota: string | null }> {
  return api.send("PUT", `${ref(lista)}/itens/${acervo}`, z.object({ cod_acervo: z.number().int(), nota: z.string().nullable() }), {
    as: "patron",
    body: { nota },
  });
}

/** `DELETE /api/estante/listas/{lista}/itens/{acervo}` (patron). */
export function removeFromList(api: ApiClient, lista: string, acervo: number): Promise<PatronList> {
  return api.send("DELETE", `${ref(lista)}/itens/${acervo}`, ListSchema, { as: "patron" });
}

const PublicListSchema = z.object({ nome: z.string(), atualizada_em: z.string(), titulos: z.array(PublicListItemSchema) });
export type PublicList = z.infer<typeof PublicListSchema>;

/** `GET /api/estante/listas/publicas/{token}` (public token): a public list, read-only; 404 when private or unknown. */
export function getPublicList(api: ApiClient, token: string): Promise<PublicList> {
  return api.get(`${base}/publicas/${encodeURIComponent(token)}`, PublicListSchema, { as: "public" });
}
