import { createRoute, z } from "@hono/zod-openapi";
import { institutionParameters } from "../../db/institution.ts";
import { activityById } from "../../db/parametros.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, errorResponses, IdParams, LangHeader, notFoundResponse, parseJsonObject, requireToken, type ApiDeps } from "../../lib/http.ts";
import { appLayers, AppLayers } from "../autenticar/app-layers.ts";

const EventoEventum = z
  .object({
    titulo: z.string(),
    data_inicio: z.string().openapi({ description: "YYYY-MM-DD" }),
    data_fim: z.string().openapi({ description: "YYYY-MM-DD" }),
    local: z.string().nullable(),
    url: z.string().nullable().openapi({ description: "The event's page in Eventum (https only)" }),
  })
  .openapi("EventoEventum");
const Informativo = z
  .object({ cod_atividade: z.number().int(), informativo: z.string().nullable().openapi({ description: "Raw HTML from the library: sanitize" }) })
  .openapi("AtividadeInformativo");

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/** The rest of spec §7 "Parametros" (ADR 180): the Eventum events, the mobile app's layers and an activity's note. */
export function eventosCamadasInformativosRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  for (const p of ["/eventos_eventum", "/app-layers", "/atividade/*"]) app.use(p, requireToken(deps));
  const params = async () => parseJsonObject(await institutionParameters(db));

  app.openapi(
    createRoute({
      method: "get",
      path: "/eventos_eventum",
      summary: "Events published in the institution's Eventum system, soonest first",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { 200: { description: "Events", content: { "application/json": { schema: z.array(EventoEventum) } } }, ...errorResponses },
    }),
    async (c) => {
      const raw = (await params()).eventos_eventum;
      const list = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
      const out = list
        .map((e) => ({
          titulo: str(e.titulo) ?? "",
          data_inicio: str(e.data_inicio) ?? "",
          data_fim: str(e.data_fim) ?? str(e.data_inicio) ?? "",
          local: str(e.local),
          url: str(e.url)?.startsWith("https://") ? str(e.url) : null,
        }))
        .filter((e) => e.titulo && /^\d{4}-\d{2}-\d{2}$/.test(e.data_inicio))
        .sort((a, b) => a.data_inicio.localeCompare(b.data_inicio));
      return c.json(out, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/app-layers",
      summary: "The mobile app's layers (modules) and whether each is on",
      security: [{ bearer: [] }],
      request: { headers: LangHeader },
      responses: { 200: { description: "Layers", content: { "application/json": { schema: AppLayers } } }, ...errorResponses },
    }),
    async (c) =>
      c.json(
        (await appLayers(deps)).map(({ codigo, descricao, ativa }) => ({ codigo, descricao, ativa })),
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/atividade/{id}/informativo",
      summary: "The library's note about an activity (e.g. what to know before suggesting a purchase); null when none",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        params: IdParams,
      },
      responses: {
        200: { description: "Note", content: { "application/json": { schema: Informativo } } },
        ...errorResponses,
        ...notFoundResponse("No such activity"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const a = await activityById(db, id);
      if (!a) throw new ApiError(404, "nao_encontrado");
      const notes = (await params()).informativos as Record<string, unknown> | undefined;
      return c.json({ cod_atividade: id, informativo: str(notes?.[String(id)]) }, 200);
    },
  );
  return app;
}
