import { createRoute, z } from "@hono/zod-openapi";
import { briefTitles, exportRows, titleExists } from "../../db/acervo.ts";
import type { Db } from "../../db/index.ts";
import { personName } from "../../db/persons.ts";
import { EXPORT_FORMATS, exportTitles, type CitationSource, type ExportFormat } from "../../domain/citations.ts";
import { ApiError } from "../../lib/errors.ts";
import { allowEvent } from "../../db/rate-limit.ts";
import {
  clientIpOf,
  createRouter,
  ErrorSchema,
  errorResponses,
  LangHeader,
  parseJsonArray,
  patronErrorResponses,
  patronOf,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import { msg, type Lang } from "../../lib/messages.ts";
import { TitleBrief } from "../../lib/title-schemas.ts";
import { addItems, defaultListOf, ensureDefaultList, itemIdsOf, itemsOf, knownTitles, removeItems } from "../../db/lists.ts";
import { MAX_LIST_ITEMS } from "../../../contract/lists.ts";
import { defaultListName, listMessage } from "../listas/messages.ts";

/** At most this many titles per export, list or permanent-basket save (the portal's cookie basket holds 100). */
export const MAX_TITLES = 200;
/** At most this many e-mail recipients per export. */
export const MAX_RECIPIENTS = 10;
/**
 * Basket e-mails per patron and per client address within an hour (docs/security.md): enough for a patron
 * sharing references, far too few for anyone using the library's mail server as a relay.
 */
export const MAX_EMAILS_PER_PATRON = 10;
export const MAX_EMAILS_PER_IP = 20;
const EMAIL_WINDOW_MS = 60 * 60 * 1000;

// Messages of this module in the API's languages (the shared catalogue holds the generic ones).
const MESSAGES = {
  pt: {
    email_invalido: "Endereço de e-mail inválido: {address}",
    destinatarios_demais: "Informe no máximo {max} destinatários.",
    formato_sem_email: "Este formato não pode ser enviado por e-mail.",
    assunto: "Referências da cesta ({count})",
    corpo: "Títulos enviados pelo catálogo on-line:",
    remetente: "{nome} enviou estas referências pelo catálogo on-line da biblioteca.",
    nota: "Mensagem de {nome}:",
    nao_encontrado: "Nenhum dos títulos foi encontrado.",
  },
  es: {
    email_invalido: "Dirección de correo no válida: {address}",
    destinatarios_demais: "Indique como máximo {max} destinatarios.",
    formato_sem_email: "Este formato no se puede enviar por correo.",
    assunto: "Referencias de la cesta ({count})",
    corpo: "Títulos enviados desde el catálogo en línea:",
    remetente: "{nome} le envió estas referencias desde el catálogo en línea de la biblioteca.",
    nota: "Mensaje de {nome}:",
    nao_encontrado: "No se encontró ninguno de los títulos.",
  },
  en: {
    email_invalido: "Invalid e-mail address: {address}",
    destinatarios_demais: "Enter at most {max} recipients.",
    formato_sem_email: "This format cannot be sent by e-mail.",
    assunto: "Basket references ({count})",
    corpo: "Titles sent from the online catalogue:",
    remetente: "{nome} sent you these references from the library's online catalogue.",
    nota: "Message from {nome}:",
    nao_encontrado: "None of the titles was found.",
  },
} satisfies Record<Lang, Record<string, string>>;

function text(lang: Lang, key: keyof (typeof MESSAGES)["pt"], vars: Record<string, string | number> = {}): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));
}

// Deliberately simple (WHATWG input type=email): one @, no spaces, a dot in the domain.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Splits "a@x.org; b@y.org" into addresses, reporting each invalid one (trimmed, empties dropped). */
export function parseRecipients(value: string): { valid: string[]; invalid: string[] } {
  const all = value
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  return { valid: all.filter((a) => EMAIL.test(a) && a.length <= 254), invalid: all.filter((a) => !EMAIL.test(a) || a.length > 254) };
}

const Ids = z.array(z.coerce.number().int().positive()).min(1).max(MAX_TITLES);

const ExportBody = z
  .object({
    tipo: z.enum(EXPORT_FORMATS).openapi({ description: "referencia (ABNT NBR 6023), apa, ris, bibtex, iso2709, marcxml, csv" }),
    dados: z
      .enum(["texto", "email"])
      .default("texto")
      .openapi({ description: "texto: answer the export; email: send it to opcoesEmail.destinatarios" }),
    acervos: Ids.openapi({ description: "cod_acervo of the titles, in basket order" }),
    opcoesEmail: z
      .object({
        destinatarios: z.string().max(4000).openapi({ description: "Addresses separated by ';'" }),
        assunto: z.string().max(200).optional().openapi({ description: "Ignored: the subject is always the library's" }),
        mensagem: z.string().max(1000).optional().openapi({ description: "A note, quoted inside the library's message" }),
      })
      .optional(),
  })
  .openapi("ExportarCesta");

const ExportResult = z
  .object({
    tipo: z.enum(EXPORT_FORMATS),
    conteudo: z.string(),
    contentType: z.string(),
    extensao: z.string(),
    itens: z.number().int(),
  })
  .openapi("ExportacaoCesta");
const EmailResult = z.object({ enviado: z.literal(true), destinatarios: z.array(z.string()), itens: z.number().int() }).openapi("EmailCesta");

const exportRoute = createRoute({
  method: "post",
  path: "/exportar-cesta",
  summary: "Export titles (ABNT, APA, RIS, BibTeX, ISO 2709, MARCXML, CSV) or e-mail the export",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { content: { "application/json": { schema: ExportBody } }, required: true } },
  responses: {
    200: {
      description: "The export (dados=texto) or the e-mail receipt (dados=email)",
      content: { "application/json": { schema: z.union([ExportResult, EmailResult]) } },
    },
    ...errorResponses,
    403: { description: "dados=email needs a patron token (`login_necessario`)", content: { "application/json": { schema: ErrorSchema } } },
    429: {
      description: "Too many e-mails from this patron or address within an hour (`envio_limite`)",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
});

// The basket lists titles as search results show them, with the record's language (the `lang` of its title, ADR 136).
const Brief = TitleBrief.openapi("AcervoResumo");

const listRoute = createRoute({
  method: "get",
  path: "/acervos",
  summary: "Several titles at once (a basket), in the order asked; unknown ids are left out",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z.object({ ids: z.string().max(2000).openapi({ description: "Comma-separated cod_acervo, at most 200", example: "1,2,3" }) }),
  },
  responses: {
    200: { description: "The titles", content: { "application/json": { schema: z.array(Brief).openapi("AcervosResumo") } } },
    ...errorResponses,
  },
});

const permanentSummary = z.object({ total: z.number().int(), acervos: z.array(z.number().int()) }).openapi("CestaPermanente");
const permanentRoute = <S extends z.ZodType>(method: "post" | "put", schema: S, summary: string) =>
  createRoute({
    method,
    path: "/acervo/cesta-permanente",
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, body: { content: { "application/json": { schema } }, required: true } },
    responses: {
      200: { description: "The permanent basket after the change", content: { "application/json": { schema: permanentSummary } } },
      ...patronErrorResponses,
      409: {
        description: `The default list holds ${MAX_LIST_ITEMS} titles already (\`lista_limite_itens\`; POST keeps the titles that fit)`,
        content: { "application/json": { schema: ErrorSchema } },
      },
    },
  });
const permanentPost = permanentRoute("post", z.object({ acervos: Ids }), "Save titles to the patron's permanent basket (kept ones stay)");
const permanentPut = permanentRoute(
  "put",
  z.object({ acervo: z.coerce.number().int().positive() }),
  "Add one title to the patron's permanent basket",
);
const permanentGet = createRoute({
  method: "get",
  path: "/acervo/cesta-permanente",
  summary: "The patron's permanent basket",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "The permanent basket", content: { "application/json": { schema: permanentSummary } } }, ...patronErrorResponses },
});

const permanentDelete = createRoute({
  method: "delete",
  path: "/acervo/cesta-permanente",
  summary: "Removes titles from the patron's permanent basket (titles not in it are ignored)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { content: { "application/json": { schema: z.object({ acervos: Ids }) } }, required: true } },
  responses: {
    200: { description: "The permanent basket after the change", content: { "application/json": { schema: permanentSummary } } },
    ...patronErrorResponses,
  },
});

const CollectionItem = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    autor: z.string().nullable(),
    ano_publicacao: z.number().int().nullable(),
    desc_tipo_obra: z.string().nullable(),
    idioma: z.string().nullable().openapi({ description: "MARC language code of the title (Estante addition)" }),
    data_inclusao: z.string(),
  })
  .openapi("CestaPermanenteItem");
const permanentCollection = createRoute({
  method: "get",
  path: "/acervo/cesta-permanente/colecao",
  summary: "The titles of the patron's permanent basket, newest first; tipoBusca=periodo keeps those saved between dataIni and dataFim",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z
      .object({ tipoBusca: z.enum(["todos", "periodo"]).default("todos"), dataIni: z.iso.date().optional(), dataFim: z.iso.date().optional() })
      .refine((q) => q.tipoBusca === "todos" || (q.dataIni && q.dataFim && q.dataIni <= q.dataFim), { path: ["dataFim"] }),
  },
  responses: { 200: { description: "Titles", content: { "application/json": { schema: z.array(CollectionItem) } } }, ...patronErrorResponses },
});

/** Loads the titles for an export, in the order of `ids` (unknown ids dropped). One query. */
async function loadSources(db: Db, ids: number[]): Promise<CitationSource[]> {
  const rows = await exportRows(db, ids);
  const byId = new Map(rows.map((r) => [r.cod_acervo, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ ...r, autores_secundarios: parseJsonArray<string>(r.autores_secundarios), assuntos: parseJsonArray<string>(r.assuntos) }] : [];
  });
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

// The permanent basket is the patron's default list (ADR 246): these calls read and write that list.
async function permanentBasket(db: Db, codPessoa: number) {
  const list = await defaultListOf(db, codPessoa);
  const acervos = list ? await itemIdsOf(db, list.cod_lista) : [];
  return { total: acervos.length, acervos };
}

/** Adds titles to the default list; titles already there (or unknown) are skipped, so a resubmit is harmless. */
async function addPermanent(db: Db, codPessoa: number, ids: number[], lang: Lang) {
  const known = await knownTitles(db, ids);
  if (known.length === 0) return { added: 0, refused: 0 };
  return addItems(db, await ensureDefaultList(db, codPessoa, defaultListName(lang)), known, MAX_LIST_ITEMS);
}

/**
 * The basket calls (spec §7): `POST /api/exportar-cesta`, `GET|POST|PUT /api/acervo/cesta-permanente`, plus
 * Estante's `GET /api/acervos?ids=` (the basket page's titles in one call). Mounted at `/api`, so its
 * token middleware is bound to its own paths only.
 */
export function cestaRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const path of ["/exportar-cesta", "/acervos", "/acervo/cesta-permanente", "/acervo/cesta-permanente/*"]) app.use(path, requireToken(deps));

  app.openapi(exportRoute, async (c) => {
    const body = c.req.valid("json");
    const lang = c.get("lang");
    const sources = await loadSources(db, unique(body.acervos));
    if (sources.length === 0) throw new ApiError(404, "nao_encontrado", { message: text(lang, "nao_encontrado") });
    const tipo: ExportFormat = body.tipo;
    if (body.dados === "texto") {
      return c.json({ ...(await exportTitles(sources, tipo)), itens: sources.length }, 200);
    }
    // Sending mail needs a signed-in patron, within per-patron and per-address limits: it is not an open relay.
    const codPessoa = patronOf(c);
    const field = "opcoesEmail.destinatarios";
    const invalid = (message: string) => new ApiError(422, "validacao", { errors: { [field]: [message] } });
    if (tipo === "iso2709") throw new ApiError(422, "validacao", { errors: { tipo: [text(lang, "formato_sem_email")] } });
    const { valid, invalid: bad } = parseRecipients(body.opcoesEmail?.destinatarios ?? "");
    if (bad.length > 0) throw invalid(bad.map((address) => text(lang, "email_invalido", { address })).join(" "));
    if (valid.length === 0) throw invalid(msg(lang, "campo_obrigatorio"));
    if (valid.length > MAX_RECIPIENTS) throw invalid(text(lang, "destinatarios_demais", { max: MAX_RECIPIENTS }));
    const now = deps.auth.now();
    const ip = clientIpOf(c);
    const perPatron = await allowEvent(db, `mail:p:${codPessoa}`, MAX_EMAILS_PER_PATRON, now, EMAIL_WINDOW_MS);
    const perIp = ip ? await allowEvent(db, `mail:ip:${ip}`, MAX_EMAILS_PER_IP, now, EMAIL_WINDOW_MS) : { allowed: true };
    if (!perPatron.allowed || !perIp.allowed) throw new ApiError(429, "envio_limite");
    const { conteudo } = await exportTitles(sources, tipo);
    const sender = { nome_pessoa: await personName(db, codPessoa) };
    // The patron's words only ever appear as a quoted note inside the library's own message and subject.
    const note = body.opcoesEmail?.mensagem?.trim();
    const quoted = note
      ? `${text(lang, "nota", { nome: sender.nome_pessoa })}\n${note
          .split(/\r?\n/)
          .map((l) => `> ${l}`)
          .join("\n")}`
      : "";
    await deps.mailer.send({
      to: unique(valid.map((v) => v.toLowerCase())),
      subject: text(lang, "assunto", { count: sources.length }),
      text: [text(lang, "remetente", { nome: sender.nome_pessoa }), quoted, text(lang, "corpo"), conteudo].filter((p) => p !== "").join("\n\n"),
    });
    return c.json({ enviado: true as const, destinatarios: valid, itens: sources.length }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const ids = unique(
      c.req
        .valid("query")
        .ids.split(",")
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    ).slice(0, MAX_TITLES);
    if (ids.length === 0) return c.json([], 200);
    const rows = await briefTitles(db, ids);
    const byId = new Map(rows.map((r) => [r.cod_acervo, r]));
    return c.json(
      ids.flatMap((id) => {
        const r = byId.get(id);
        return r
          ? [{ ...r, desc_tipo_obra: r.desc_tipo_obra ?? null, exemplares: Number(r.exemplares ?? 0), disponiveis: Number(r.disponiveis ?? 0) }]
          : [];
      }),
      200,
    );
  });

  app.openapi(permanentGet, async (c) => c.json(await permanentBasket(db, patronOf(c)), 200));
  app.openapi(permanentCollection, async (c) => {
    const q = c.req.valid("query");
    const list = await defaultListOf(db, patronOf(c));
    const period = q.tipoBusca === "periodo" && q.dataIni && q.dataFim ? { desde: q.dataIni, ate: q.dataFim } : undefined;
    const rows = list ? await itemsOf(db, list.cod_lista, period, true) : [];
    return c.json(
      rows.slice(0, MAX_TITLES).map(({ nota: _, ...r }) => r),
      200,
    );
  });
  app.openapi(permanentDelete, async (c) => {
    const who = patronOf(c);
    const list = await defaultListOf(db, who);
    if (list) await removeItems(db, list.cod_lista, unique(c.req.valid("json").acervos));
    return c.json(await permanentBasket(db, who), 200);
  });
  app.openapi(permanentPost, async (c) => {
    const who = patronOf(c);
    await addPermanent(db, who, unique(c.req.valid("json").acervos), c.get("lang"));
    return c.json(await permanentBasket(db, who), 200);
  });
  app.openapi(permanentPut, async (c) => {
    const who = patronOf(c);
    const { acervo } = c.req.valid("json");
    if (!(await titleExists(db, acervo))) throw new ApiError(404, "nao_encontrado");
    const { refused } = await addPermanent(db, who, [acervo], c.get("lang"));
    if (refused > 0) throw new ApiError(409, "nao_encontrado", { code: "lista_limite_itens", message: listMessage(c.get("lang"), "limite_itens") });
    return c.json(await permanentBasket(db, who), 200);
  });
  return app;
}
