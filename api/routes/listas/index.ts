/** /api/estante/listas (Estante addition, ADR 246): a patron's named lists, their titles and notes, and public lists by token. */
import { createRoute, z } from "@hono/zod-openapi";
import { itemIdsOf, itemsOf, listsOf, publicList, type ListRow } from "../../db/lists.ts";
import { addTitles, changeList, createList, deleteList, findList, noteTitle, removeTitles, type ListRef, type Outcome } from "../../domain/lists.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  createRouter,
  ErrorSchema,
  errorResponses,
  LangHeader,
  patronErrorResponses,
  patronOf,
  requireJsonBody,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { TitleLanguage } from "../../lib/title-schemas.ts";
import { isListId, MAX_LIST_ID, MAX_LIST_ITEMS, MAX_LIST_NAME, MAX_LIST_NOTE, MAX_LISTS, type ListReason } from "../../../contract/lists.ts";
import { defaultListName, listMessage } from "./messages.ts";

const Lista = z
  .object({
    cod_lista: z.number().int().nullable().openapi({ description: "null: the default list before its first use (nothing stored yet)" }),
    nome: z.string(),
    padrao: z.boolean().openapi({ description: "The default list: the permanent basket of `/api/acervo/cesta-permanente`; it cannot be deleted" }),
    publica: z.boolean(),
    token_publico: z
      .string()
      .nullable()
      .openapi({ description: "While public: the token of the list's read-only link (`/api/estante/listas/publicas/{token}`)" }),
    itens: z.number().int(),
    atualizada_em: z.string().nullable(),
  })
  .openapi("Lista");

const Item = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    autor: z.string().nullable(),
    ano_publicacao: z.number().int().nullable(),
    desc_tipo_obra: z.string().nullable(),
    idioma: TitleLanguage,
    nota: z.string().nullable(),
    data_inclusao: z.string(),
  })
  .openapi("ListaItem");

const ListaComItens = Lista.extend({ titulos: z.array(Item) }).openapi("ListaComItens");
const ListaPublica = z
  .object({ nome: z.string(), atualizada_em: z.string(), titulos: z.array(Item.omit({ data_inclusao: true })) })
  .openapi("ListaPublica");

/** Ids are 32-bit integers in the schema: a larger one is refused here (422), never passed to PostgreSQL (a 500). */
const MAX_ID = MAX_LIST_ID;
const Ref = z
  .string()
  .refine((s) => s === "padrao" || isListId(s))
  .openapi({ param: { name: "lista", in: "path" }, description: "The list's id, or `padrao` for the default list", example: "padrao" });
const AcervoParam = z.coerce
  .number()
  .int()
  .positive()
  .max(MAX_ID)
  .openapi({ param: { name: "acervo", in: "path" }, example: 1 });
const Nome = z
  .string()
  .max(MAX_LIST_NAME)
  .openapi({ description: `The list's name, 1 to ${MAX_LIST_NAME} characters` });
const Nota = z
  .string()
  .max(MAX_LIST_NOTE)
  .nullable()
  .openapi({ description: `A note of up to ${MAX_LIST_NOTE} characters; empty or null clears it` });

const motivoResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });
const notFound = { 404: motivoResponse("Not one of the patron's lists (`lista_nao_encontrada`): another patron's list answers the same") };
const json = <S extends z.ZodType>(schema: S) => ({ content: { "application/json": { schema } }, required: true as const });
const ok = <S extends z.ZodType>(description: string, schema: S) => ({ 200: { description, content: { "application/json": { schema } } } });

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The patron's lists, the default one first (listed even before its first use, with cod_lista null)",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z.object({
      acervo: z.coerce.number().int().positive().max(MAX_ID).optional().openapi({ description: "Also answer which lists hold this title" }),
    }),
  },
  responses: {
    ...ok("Lists", z.object({ listas: z.array(Lista.extend({ contem: z.boolean().optional() })), limite: z.number().int() }).openapi("Listas")),
    ...patronErrorResponses,
  },
});
const createListRoute = createRoute({
  method: "post",
  path: "/",
  summary: `Creates a list (at most ${MAX_LISTS} per patron, \`limite_listas\`)`,
  middleware: [requireJsonBody] as const,
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: json(z.object({ nome: Nome }).openapi("NovaLista")) },
  responses: {
    201: { description: "The new list", content: { "application/json": { schema: Lista } } },
    ...patronErrorResponses,
    409: motivoResponse("Too many lists (`limite_listas`)"),
  },
});
const getRoute = createRoute({
  method: "get",
  path: "/{lista}",
  summary: "One of the patron's lists with its titles and notes, in the order they were added",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: z.object({ lista: Ref }) },
  responses: { ...ok("The list", ListaComItens), ...patronErrorResponses, ...notFound },
});
const changeRoute = createRoute({
  method: "put",
  path: "/{lista}",
  summary: "Renames a list and/or makes it public (a new random token) or private (the token is revoked)",
  middleware: [requireJsonBody] as const,
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({ lista: Ref }),
    body: json(z.object({ nome: Nome.optional(), publica: z.boolean().optional() }).openapi("AlteracaoLista")),
  },
  responses: { ...ok("The list after the change", Lista), ...patronErrorResponses, ...notFound },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/{lista}",
  summary: "Deletes a list and its items; the default list cannot be deleted (409 `lista_padrao`)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: z.object({ lista: Ref }) },
  responses: {
    ...ok("Deleted", z.object({ apagada: z.literal(true) })),
    ...patronErrorResponses,
    ...notFound,
    409: motivoResponse("The default list (`lista_padrao`)"),
  },
});
const addRoute = createRoute({
  method: "post",
  path: "/{lista}/itens",
  summary: `Adds a title (with an optional note) to a list; a title already there stays as it is; at most ${MAX_LIST_ITEMS} titles (\`limite_itens\`)`,
  middleware: [requireJsonBody] as const,
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({ lista: Ref }),
    body: json(z.object({ acervo: z.number().int().positive().max(MAX_ID), nota: Nota.optional() }).openapi("NovoItemLista")),
  },
  responses: {
    ...ok(
      "The list after the change; `adicionado` false when the title was already there",
      Lista.extend({ adicionado: z.boolean() }).openapi("ItemAdicionado"),
    ),
    ...patronErrorResponses,
    ...notFound,
    409: motivoResponse("The list is full (`lista_limite_itens`)"),
  },
});
const noteRoute = createRoute({
  method: "put",
  path: "/{lista}/itens/{acervo}",
  summary: "Sets or clears the note of a title in the list",
  middleware: [requireJsonBody] as const,
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({ lista: Ref, acervo: AcervoParam }),
    body: json(z.object({ nota: Nota }).openapi("NotaItemLista")),
  },
  responses: {
    ...ok("The note as stored", z.object({ cod_acervo: z.number().int(), nota: z.string().nullable() })),
    ...patronErrorResponses,
    ...notFound,
  },
});
const removeRoute = createRoute({
  method: "delete",
  path: "/{lista}/itens/{acervo}",
  summary: "Removes a title from the list (a title not there is ignored)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: z.object({ lista: Ref, acervo: AcervoParam }) },
  responses: { ...ok("The list after the change", Lista), ...patronErrorResponses, ...notFound },
});
const publicRoute = createRoute({
  method: "get",
  path: "/publicas/{token}",
  summary: "A public list, read-only, by its token (any token, public or patron's); a private or unknown one is 404",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({
      token: z
        .string()
        .min(20)
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/)
        .openapi({ param: { name: "token", in: "path" } }),
    }),
  },
  responses: { ...ok("The list", ListaPublica), ...errorResponses, 404: motivoResponse("No public list has this token (`lista_nao_encontrada`)") },
});

const STATUS: Record<ListReason, 404 | 409 | 422> = {
  nao_encontrada: 404,
  titulo_desconhecido: 404,
  item_ausente: 404,
  limite_listas: 409,
  limite_itens: 409,
  padrao: 409,
  nome_vazio: 422,
};
const FIELD: Partial<Record<ListReason, string>> = { nome_vazio: "nome" };

/** The value of an outcome, or the reason as an HTTP refusal in the request's language. */
function valueOf<T>(o: Outcome<T>, lang: Lang): T {
  if (o.ok) return o.value;
  const message = listMessage(lang, o.motivo);
  const field = FIELD[o.motivo];
  throw new ApiError(STATUS[o.motivo], "nao_encontrado", {
    code: `lista_${o.motivo}`,
    message,
    ...(field ? { errors: { [field]: [message] } } : {}),
  });
}

function wire(l: ListRow) {
  return {
    cod_lista: l.cod_lista,
    nome: l.nome,
    padrao: l.padrao,
    publica: l.token_publico != null,
    token_publico: l.token_publico,
    itens: l.itens,
    atualizada_em: l.updated_at,
  };
}
const unsavedDefault = (lang: Lang) => ({
  cod_lista: null as number | null,
  nome: defaultListName(lang),
  padrao: true,
  publica: false,
  token_publico: null as string | null,
  itens: 0,
  atualizada_em: null as string | null,
});
const refOf = (s: string): ListRef => (s === "padrao" ? "padrao" : Number(s));

export function listasRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(publicRoute, async (c) => {
    const list = await publicList(db, c.req.valid("param").token);
    if (!list) throw new ApiError(404, "nao_encontrado", { code: "lista_nao_encontrada", message: listMessage(c.get("lang"), "nao_encontrada") });
    const titulos = (await itemsOf(db, list.cod_lista)).map(({ data_inclusao: _, ...i }) => i);
    return c.json({ nome: list.nome, atualizada_em: list.updated_at, titulos }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const who = patronOf(c);
    const lang = c.get("lang");
    const { acervo } = c.req.valid("query");
    const rows = await listsOf(db, who);
    const holding = new Set<number>();
    if (acervo) for (const l of rows) if ((await itemIdsOf(db, l.cod_lista)).includes(acervo)) holding.add(l.cod_lista);
    const listas: Array<ReturnType<typeof unsavedDefault> & { contem?: boolean }> = rows.map((l) => ({
      ...wire(l),
      ...(acervo ? { contem: holding.has(l.cod_lista) } : {}),
    }));
    if (!rows.some((l) => l.padrao)) listas.unshift({ ...unsavedDefault(lang), ...(acervo ? { contem: false } : {}) });
    return c.json({ listas, limite: MAX_LISTS }, 200);
  });

  app.openapi(createListRoute, async (c) => {
    const lang = c.get("lang");
    return c.json(wire(valueOf(await createList(db, patronOf(c), c.req.valid("json").nome), lang)), 201);
  });

  app.openapi(getRoute, async (c) => {
    const who = patronOf(c);
    const lang = c.get("lang");
    const ref = refOf(c.req.valid("param").lista);
    const list = await findList(db, who, ref);
    if (!list) {
      if (ref === "padrao") return c.json({ ...unsavedDefault(lang), titulos: [] }, 200);
      valueOf({ ok: false, motivo: "nao_encontrada" }, lang);
      throw new Error("unreachable");
    }
    return c.json({ ...wire(list), titulos: await itemsOf(db, list.cod_lista) }, 200);
  });

  app.openapi(changeRoute, async (c) => {
    const lang = c.get("lang");
    const out = await changeList(db, patronOf(c), refOf(c.req.valid("param").lista), c.req.valid("json"), defaultListName(lang));
    return c.json(wire(valueOf(out, lang)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    valueOf(await deleteList(db, patronOf(c), refOf(c.req.valid("param").lista)), c.get("lang"));
    return c.json({ apagada: true as const }, 200);
  });

  app.openapi(addRoute, async (c) => {
    const lang = c.get("lang");
    const { acervo, nota } = c.req.valid("json");
    const out = valueOf(await addTitles(db, patronOf(c), refOf(c.req.valid("param").lista), [acervo], nota ?? null, defaultListName(lang)), lang);
    return c.json({ ...wire(out.list), adicionado: out.added > 0 }, 200);
  });

  app.openapi(noteRoute, async (c) => {
    const lang = c.get("lang");
    const { lista, acervo } = c.req.valid("param");
    const out = valueOf(await noteTitle(db, patronOf(c), refOf(lista), acervo, c.req.valid("json").nota), lang);
    return c.json({ cod_acervo: acervo, nota: out.nota }, 200);
  });

  app.openapi(removeRoute, async (c) => {
    const lang = c.get("lang");
    const { lista, acervo } = c.req.valid("param");
    const out = valueOf(await removeTitles(db, patronOf(c), refOf(lista), [acervo]), lang);
    return c.json(out.cod_lista === 0 ? unsavedDefault(lang) : wire(out), 200);
  });
  return app;
}
