/** The mobile app's layers (spec §7 "User data, login and SSO": /autenticar/app-layers) and the institution's switches for them. */
import { z } from "@hono/zod-openapi";
import { institutionParameters } from "../../db/institution.ts";
import { parseJsonObject, type ApiDeps } from "../../lib/http.ts";
import { APP_LAYER_NAMES } from "./messages.ts";

const AppLayer = z.object({ codigo: z.string(), descricao: z.string(), ativa: z.boolean() }).openapi("AppLayer");

/** The mobile app's layers (modules) and whether the institution turned each on (`parametros.app_layers`). */
export const APP_LAYERS = [
  { codigo: "consulta", descricao: APP_LAYER_NAMES.consulta, privada: false },
  { codigo: "emprestimos", descricao: APP_LAYER_NAMES.emprestimos, privada: true },
  { codigo: "reservas", descricao: APP_LAYER_NAMES.reservas, privada: true },
  { codigo: "debitos", descricao: APP_LAYER_NAMES.debitos, privada: true },
  { codigo: "token", descricao: APP_LAYER_NAMES.token, privada: true },
  { codigo: "alertas", descricao: APP_LAYER_NAMES.alertas, privada: true },
] as const;

/** The institution's layers: each on unless `parametros.app_layers[codigo] === false`. */
export async function appLayers(deps: ApiDeps) {
  const set = parseJsonObject(await institutionParameters(deps.db)).app_layers as Record<string, unknown> | undefined;
  return APP_LAYERS.map((l) => ({ ...l, ativa: set?.[l.codigo] !== false }));
}
export const AppLayers = z.array(AppLayer).openapi("AppLayers");
