import { createRoute, z } from "@hono/zod-openapi";
import {
  catalogueClasses,
  deleteFollowedPeriodical,
  deleteWorkType,
  existingWorkTypes,
  followedPeriodicals,
  insertFollowedPeriodical,
  insertWorkType,
  periodicalsLike,
  profileItems,
  profileValidity,
  profileWorkTypes,
  removeProfileItem,
  replaceWorkTypes,
  setProfileValidity,
  titlesOfClasses,
  updateFollowedPeriodical,
  workTypesOf,
} from "../../db/interest-profiles.ts";
import {
  addItems,
  AREA_TABLE,
  DSI_KINDS,
  MIN_TERM,
  PERIODICAL_NEWS,
  PERIODICAL_WORK_TYPE,
  searchCandidates,
  todayOf,
  validityIssue,
} from "../../domain/interest-profiles.ts";
import { ApiError } from "../../lib/errors.ts";
import { titleKind } from "../../db/acervo.ts";
import { createRouter, ErrorSchema, LangHeader, parseJsonArray, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { msg, type Lang } from "../../lib/messages.ts";
import { classLabel } from "../../search/index.ts";
import { FIELD_MESSAGES, type Issue } from "./messages.ts";

/** A 422 naming the field and what is wrong with it, in the request's language. */
const fieldError = (lang: Lang, field: string, text: string, code = "validacao") =>
  new ApiError(422, "validacao", { code, message: msg(lang, "validacao"), errors: { [field]: [text] } });
/** A 422 naming the field and the rule it broke. */
const refuse = (lang: Lang, field: string, issue: Issue) => fieldError(lang, field, FIELD_MESSAGES[issue][lang], issue);

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const isoDate = z.preprocess(blank, z.iso.date()).openapi({ description: "YYYY-MM-DD, from today to two years ahead", example: "2027-06-30" });
const Kind = z.enum(DSI_KINDS).openapi({ description: "area (a class of the classification), autor or assunto" });
const AreaTable = z.coerce.number().int().min(0).max(1).openapi({ description: "1 for areas (classes), 0 for authors and subjects" });
const News = z.array(z.enum(PERIODICAL_NEWS)).openapi({ description: "fasciculos (new issues) and/or sumarios (tables of contents); at least one" });
const codAcervo = z.coerce.number().int().positive();
const codTipoObra = z.coerce.number().int().positive();

const Item = z
  .object({ codigo: z.string(), tipoDSI: Kind, codTipoArea: z.number().int(), descricao: z.string(), created_at: z.string() })
  .openapi("PerfilInteresseItem");
const Profile = z.object({ validade: z.string().nullable(), itens: z.array(Item) }).openapi("PerfilInteresse");
const Candidate = z
  .object({
    codigo: z.string(),
    descricao: z.string(),
    tipoDSI: Kind,
    codTipoArea: z.number().int(),
    total: z.number().int().openapi({ description: "Titles carrying it" }),
  })
  .openapi("PerfilInteresseCandidato");
const Periodical = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    issn: z.string().nullable(),
    tipos: z.array(z.enum(PERIODICAL_NEWS)),
    created_at: z.string(),
  })
  .openapi("PerfilInteressePeriodico");
const PeriodicalHit = z
  .object({ cod_acervo: z.number().int(), titulo: z.string(), issn: z.string().nullable(), seguido: z.boolean() })
  .openapi("PeriodicoEncontrado");
const WorkType = z.object({ cod_tipo_obra: z.number().int(), descricao: z.string(), selecionado: z.boolean() }).openapi("PerfilInteresseTipoObra");
const AreaInfo = z
  .object({
    validade: z.string().nullable(),
    areas: z.array(z.object({ codigo: z.string(), descricao: z.string(), total: z.number().int(), selecionada: z.boolean() })),
  })
  .openapi("AreasInteresseInfo");
const AreaTitles = z
  .object({
    total: z.number().int(),
    pagina: z.number().int(),
    qtd: z.number().int(),
    resultados: z.array(
      z.object({
        cod_acervo: z.number().int(),
        titulo: z.string(),
        autor: z.string().nullable(),
        ano_publicacao: z.number().int().nullable(),
        desc_tipo_obra: z.string().nullable(),
        area: z.string(),
        desc_area: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .openapi("AreasInteresseTitulos");

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: json(schema) });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: json(schema) } });
const refusals = { 422: { description: "Field errors (the rule broken, in `lang`)", content: json(ErrorSchema) } };
const missing = { 404: { description: "Not in the patron's profile", content: json(ErrorSchema) } };
const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ ...r, security: [{ bearer: [] }] });

const itemsGet = route({
  method: "get",
  path: "/area-autor-assunto",
  summary: "The profile's expiry date and its areas, authors and subjects",
  request: { headers: LangHeader },
  responses: { ...ok("The profile", Profile), ...patronErrorResponses },
});
const itemsPost = route({
  method: "post",
  path: "/area-autor-assunto",
  summary: "Adds areas, authors or subjects (codes from GET pesquisa) to the profile and sets its expiry date",
  request: {
    headers: LangHeader,
    body: body(
      z.object({ tipoDSI: Kind, validade: isoDate, itens: z.array(z.string().trim().min(1).max(60)).max(50) }).openapi("PerfilInteressePedido"),
    ),
  },
  responses: { 201: { description: "The profile", content: json(Profile) }, ...refusals, ...patronErrorResponses },
});
const itemsDelete = route({
  method: "delete",
  path: "/area-autor-assunto",
  summary: "Removes an area, author or subject from the profile",
  request: { headers: LangHeader, body: body(z.object({ codigo: z.string().min(1).max(60), tipoDSI: Kind, codTipoArea: AreaTable })) },
  responses: { 204: { description: "Removed" }, ...missing, ...refusals, ...patronErrorResponses },
});
const validityPut = route({
  method: "put",
  path: "/area-autor-assunto/validade",
  summary: "Changes the profile's expiry date (no alerts after it)",
  request: { headers: LangHeader, body: body(z.object({ validade: isoDate })) },
  responses: { ...ok("The profile", Profile), ...refusals, ...patronErrorResponses },
});
const searchGet = route({
  method: "get",
  path: "/pesquisa",
  summary: "Areas, authors or subjects of the catalogue to add to the profile (authors and subjects: at least 3 characters)",
  request: { headers: LangHeader, query: z.object({ tipoDSI: Kind, termo: z.string().max(100).optional() }) },
  responses: { ...ok("Candidates, most titles first", z.array(Candidate)), ...refusals, ...patronErrorResponses },
});
const periodicalsGet = route({
  method: "get",
  path: "/periodicos",
  summary: "The periodicals the patron follows",
  request: { headers: LangHeader },
  responses: { ...ok("Periodicals", z.array(Periodical)), ...patronErrorResponses },
});
const periodicalBody = body(z.object({ cod_acervo: codAcervo, tipos: News }).openapi("PerfilInteressePeriodicoPedido"));
const periodicalsPost = route({
  method: "post",
  path: "/periodicos",
  summary: "Follows a periodical (at least one journal type, spec §5)",
  request: { headers: LangHeader, body: periodicalBody },
  responses: { 201: { description: "Followed", content: json(Periodical) }, ...refusals, ...patronErrorResponses },
});
const periodicalsPut = route({
  method: "put",
  path: "/periodicos",
  summary: "Changes the journal types wanted from a followed periodical (at least one)",
  request: { headers: LangHeader, body: periodicalBody },
  responses: { ...ok("Changed", Periodical), ...missing, ...refusals, ...patronErrorResponses },
});
const periodicalsDelete = route({
  method: "delete",
  path: "/periodicos",
  summary: "Stops following a periodical",
  request: { headers: LangHeader, body: body(z.object({ cod_acervo: codAcervo })) },
  responses: { 204: { description: "Removed" }, ...missing, ...refusals, ...patronErrorResponses },
});
const periodicalsSearch = route({
  method: "get",
  path: "/periodicos/pesquisa",
  summary: "Periodicals whose title has every word of `termo` (at least 3 characters)",
  request: { headers: LangHeader, query: z.object({ termo: z.string().max(100).optional() }) },
  responses: { ...ok("Periodicals, by title", z.array(PeriodicalHit)), ...refusals, ...patronErrorResponses },
});
const workTypesGet = route({
  method: "get",
  path: "/tipo-obra",
  summary: "Every work type, marking those the profile is narrowed to (none marked: every type)",
  request: { headers: LangHeader },
  responses: { ...ok("Work types", z.array(WorkType)), ...patronErrorResponses },
});
const workTypePost = route({
  method: "post",
  path: "/tipo-obra",
  summary: "Adds a work type to the profile",
  request: { headers: LangHeader, body: body(z.object({ cod_tipo_obra: codTipoObra })) },
  responses: {
    201: { description: "Added", content: json(z.array(WorkType)) },
    ...ok("Already there", z.array(WorkType)),
    ...refusals,
    ...patronErrorResponses,
  },
});
const workTypesPut = route({
  method: "put",
  path: "/tipo-obra",
  summary: "Replaces the profile's work types (an empty list: every type)",
  request: { headers: LangHeader, body: body(z.object({ tipos: z.array(codTipoObra).max(100) })) },
  responses: { ...ok("Work types", z.array(WorkType)), ...refusals, ...patronErrorResponses },
});
const workTypeDelete = route({
  method: "delete",
  path: "/tipo-obra",
  summary: "Removes a work type from the profile",
  request: { headers: LangHeader, body: body(z.object({ cod_tipo_obra: codTipoObra })) },
  responses: { 204: { description: "Removed" }, ...missing, ...refusals, ...patronErrorResponses },
});
const areaInfoGet = route({
  method: "get",
  path: "/areas-interesse/info-auxiliar",
  summary: "The areas (classes) of the catalogue with their title counts, marking the profile's",
  request: { headers: LangHeader },
  responses: { ...ok("Areas", AreaInfo), ...patronErrorResponses },
});
const areaTitlesGet = route({
  method: "get",
  path: "/areas-interesse/titulos",
  summary: "Titles of the profile's areas (or of one `area`), of its work types, newest first",
  request: {
    headers: LangHeader,
    query: z.object({
      area: z
        .string()
        .regex(/^[0-9A-Z]$/)
        .optional(),
      pagina: z.coerce.number().int().min(1).max(500).default(1),
      qtd: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: { ...ok("Titles", AreaTitles), ...patronErrorResponses, ...refusals },
});

const CheckTitles = AreaTitles.extend({
  desde: z.string().openapi({ description: "The first day of the window (spec §9: from today back one month), YYYY-MM-DD" }),
  porPerfil: z.boolean().openapi({ description: "True when the titles are those of the profile's areas (and work types); false: every new title" }),
}).openapi("VerificarTitulos");
const checkTitlesGet = route({
  method: "get",
  path: "/verificar-titulos",
  summary:
    "Check titles (spec §2, §9): the titles added to the catalogue from today back one month, of the profile's areas and work types when it names areas, newest first",
  request: {
    headers: LangHeader,
    query: z.object({ pagina: z.coerce.number().int().min(1).max(500).default(1), qtd: z.coerce.number().int().min(1).max(100).default(20) }),
  },
  responses: { ...ok("Titles", CheckTitles), ...patronErrorResponses, ...refusals },
});

/** The first day of the check-titles window: today back one calendar month (spec §9), as YYYY-MM-DD. */
export function monthBefore(today: string): string {
  const [y, m, d] = today.split("-").map(Number);
  // Day 31 of a month without one ends on that month's last day (31 March → 28/29 February).
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
}

/** /api/perfil-interesse/...: the patron's interest profile (spec §7 "Perfil-interesse", ADR 191). */
export function perfilInteresseRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));
  const today = () => todayOf(deps.auth.now());

  const profile = async (cod: number) => ({
    validade: await profileValidity(db, cod),
    itens: (await profileItems(db, cod)).map((i) => ({
      codigo: i.codigo,
      tipoDSI: i.tipo_dsi as (typeof DSI_KINDS)[number],
      codTipoArea: Number(i.cod_tipo_area),
      descricao: i.descricao,
      created_at: i.created_at,
    })),
  });
  /** The classes the patron's profile names as areas. */
  const profileAreas = async (cod: number) =>
    (await profileItems(db, cod)).filter((i) => i.tipo_dsi === "area" && i.cod_tipo_area === AREA_TABLE.area).map((i) => i.codigo);
  const checkValidity = (lang: Lang, validade: string) => {
    const issue = validityIssue(validade, today());
    if (issue) throw refuse(lang, "validade", issue);
  };
  const periodical = async (cod: number, codAcervo: number) => {
    const row = (await followedPeriodicals(db, cod)).find((p) => p.cod_acervo === codAcervo)!;
    return { ...row, tipos: parseJsonArray<(typeof PERIODICAL_NEWS)[number]>(row.tipos) };
  };
  const checkNews = (lang: Lang, tipos: readonly string[]) => {
    if (!tipos.length) throw refuse(lang, "tipos", "tipos_obrigatorio");
  };
  const termOf = (lang: Lang, termo: string | undefined) => {
    const t = (termo ?? "").trim();
    if (t.length < MIN_TERM) throw fieldError(lang, "termo", msg(lang, t ? "termo_curto" : "campo_obrigatorio", { min: MIN_TERM }));
    return t;
  };

  app.openapi(itemsGet, async (c) => c.json(await profile(patronOf(c)), 200));
  app.openapi(itemsPost, async (c) => {
    const cod = patronOf(c);
    const lang = c.get("lang");
    const { tipoDSI, validade, itens } = c.req.valid("json");
    checkValidity(lang, validade);
    if (!itens.length) throw refuse(lang, "itens", "itens_obrigatorio");
    const added = await addItems(db, cod, tipoDSI, itens);
    if (!added.ok) throw fieldError(lang, "itens", msg(lang, "valor_invalido"));
    await setProfileValidity(db, cod, validade);
    return c.json(await profile(cod), 201);
  });
  app.openapi(itemsDelete, async (c) => {
    const { codigo, tipoDSI, codTipoArea } = c.req.valid("json");
    if (!(await removeProfileItem(db, patronOf(c), { tipo_dsi: tipoDSI, cod_tipo_area: codTipoArea, codigo })))
      throw new ApiError(404, "nao_encontrado");
    return c.body(null, 204);
  });
  app.openapi(validityPut, async (c) => {
    const cod = patronOf(c);
    const { validade } = c.req.valid("json");
    checkValidity(c.get("lang"), validade);
    await setProfileValidity(db, cod, validade);
    return c.json(await profile(cod), 200);
  });
  app.openapi(searchGet, async (c) => {
    patronOf(c);
    const lang = c.get("lang");
    const { tipoDSI, termo } = c.req.valid("query");
    const term = tipoDSI === "area" ? (termo ?? "").trim() : termOf(lang, termo);
    const classes = tipoDSI === "area" ? await catalogueClasses(db) : [];
    return c.json(await searchCandidates(db, tipoDSI, term, lang, classes), 200);
  });

  app.openapi(periodicalsGet, async (c) => {
    const rows = await followedPeriodicals(db, patronOf(c));
    return c.json(
      rows.map((r) => ({ ...r, tipos: parseJsonArray<(typeof PERIODICAL_NEWS)[number]>(r.tipos) })),
      200,
    );
  });
  app.openapi(periodicalsPost, async (c) => {
    const cod = patronOf(c);
    const lang = c.get("lang");
    const { cod_acervo, tipos } = c.req.valid("json");
    checkNews(lang, tipos);
    const title = await titleKind(db, cod_acervo);
    if (!title || title.cod_tipo_obra !== PERIODICAL_WORK_TYPE) throw refuse(lang, "cod_acervo", "nao_periodico");
    if (!(await insertFollowedPeriodical(db, cod, cod_acervo, [...new Set(tipos)]))) throw refuse(lang, "cod_acervo", "periodico_existente");
    return c.json(await periodical(cod, cod_acervo), 201);
  });
  app.openapi(periodicalsPut, async (c) => {
    const cod = patronOf(c);
    const { cod_acervo, tipos } = c.req.valid("json");
    checkNews(c.get("lang"), tipos);
    if (!(await updateFollowedPeriodical(db, cod, cod_acervo, [...new Set(tipos)]))) throw new ApiError(404, "nao_encontrado");
    return c.json(await periodical(cod, cod_acervo), 200);
  });
  app.openapi(periodicalsDelete, async (c) => {
    if (!(await deleteFollowedPeriodical(db, patronOf(c), c.req.valid("json").cod_acervo))) throw new ApiError(404, "nao_encontrado");
    return c.body(null, 204);
  });
  app.openapi(periodicalsSearch, async (c) => {
    const cod = patronOf(c);
    const term = termOf(c.get("lang"), c.req.valid("query").termo);
    return c.json(await periodicalsLike(db, cod, PERIODICAL_WORK_TYPE, term, 30), 200);
  });

  app.openapi(workTypesGet, async (c) => c.json(await workTypesOf(db, patronOf(c)), 200));
  app.openapi(workTypePost, async (c) => {
    const cod = patronOf(c);
    const { cod_tipo_obra } = c.req.valid("json");
    if (!(await existingWorkTypes(db, [cod_tipo_obra])).length)
      throw fieldError(c.get("lang"), "cod_tipo_obra", msg(c.get("lang"), "valor_invalido"));
    const added = await insertWorkType(db, cod, cod_tipo_obra);
    return c.json(await workTypesOf(db, cod), added ? 201 : 200);
  });
  app.openapi(workTypesPut, async (c) => {
    const cod = patronOf(c);
    const tipos = [...new Set(c.req.valid("json").tipos)];
    const known = await existingWorkTypes(db, tipos);
    if (known.length !== tipos.length) throw fieldError(c.get("lang"), "tipos", msg(c.get("lang"), "valor_invalido"));
    await replaceWorkTypes(db, cod, tipos);
    return c.json(await workTypesOf(db, cod), 200);
  });
  app.openapi(workTypeDelete, async (c) => {
    if (!(await deleteWorkType(db, patronOf(c), c.req.valid("json").cod_tipo_obra))) throw new ApiError(404, "nao_encontrado");
    return c.body(null, 204);
  });

  app.openapi(areaInfoGet, async (c) => {
    const cod = patronOf(c);
    const lang = c.get("lang");
    const mine = new Set((await profileItems(db, cod)).filter((i) => i.tipo_dsi === "area").map((i) => i.codigo));
    const classes = await catalogueClasses(db);
    for (const m of mine) if (!classes.some((k) => k.codigo === m)) classes.push({ codigo: m, total: 0 });
    const areas = classes.map((k) => ({ codigo: k.codigo, descricao: classLabel(k.codigo, lang), total: k.total, selecionada: mine.has(k.codigo) }));
    return c.json({ validade: await profileValidity(db, cod), areas }, 200);
  });
  app.openapi(areaTitlesGet, async (c) => {
    const cod = patronOf(c);
    const lang = c.get("lang");
    const { area, pagina, qtd } = c.req.valid("query");
    const mine = await profileAreas(cod);
    const types = (await profileWorkTypes(db, [cod])).map((w) => w.cod_tipo_obra);
    const { total, rows } = await titlesOfClasses(db, area ? [area] : mine, types, pagina, qtd);
    return c.json({ total, pagina, qtd, resultados: rows.map((r) => ({ ...r, desc_area: classLabel(r.area, lang) })) }, 200);
  });
  app.openapi(checkTitlesGet, async (c) => {
    const cod = patronOf(c);
    const lang = c.get("lang");
    const { pagina, qtd } = c.req.valid("query");
    const areas = await profileAreas(cod);
    const types = areas.length ? (await profileWorkTypes(db, [cod])).map((w) => w.cod_tipo_obra) : [];
    const desde = monthBefore(today());
    const { total, rows } = await titlesOfClasses(db, areas.length ? areas : "all", types, pagina, qtd, `${desde} 00:00:00`);
    // Every new title may include some without a classification: no area then.
    const resultados = rows.map((r) => ({ ...r, area: r.area ?? "", desc_area: r.area ? classLabel(r.area, lang) : "" }));
    return c.json({ total, pagina, qtd, desde, porPerfil: areas.length > 0, resultados }, 200);
  });
  return app;
}
