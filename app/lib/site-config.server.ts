/**
 * The institution's configuration (spec §7: "at startup the product loads … functionalities, institution data
 * and search tabs once"): loaded with the public token and cached per process and API language for 5 minutes.
 */
import { z } from "zod";
import type { FullApiClient } from "./api/client.server";
import { libraryTimeZone, setLibraryTimeZone } from "./i18n";

export const InstituicaoSchema = z.looseObject({
  codEmpresa: z.union([z.number(), z.string()]).nullish(),
  sigla: z.string().nullish(),
  nome: z.string().nullish(),
  tema: z.string().nullish(),
  endereco_web: z.string().nullish(),
  usaOIDC: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  denominacao_login: z.string().nullish(),
  msg_login: z.string().nullish(),
  destino_padrao_login_catalogo: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  msg_suporte_consulta: z.string().nullish(),
  link_lgpd: z.string().nullish(),
  link_icap: z.string().nullish(),
  link_rede: z.string().nullish(),
  // The institutional repository that receives papers; unset: no paper posting (ADR 192).
  link_repositorio: z.string().nullish(),
  // The library's time zone (ADR 226); unknown or absent: the default.
  fuso_horario: z.string().nullish(),
  __md_aut: z.union([z.number(), z.string()]).nullish(),
  __md_crypt: z.union([z.number(), z.string()]).nullish(),
  // The login variant and its separator (spec §5, ADR 173).
  login_variante: z.string().nullish(),
  separador_login: z.string().nullish(),
  // Under the category variant: the categories to choose from, named by the library (ADR 173).
  categorias_login: z
    .array(z.looseObject({ codigo: z.string(), descricao: z.string() }))
    .nullish()
    .catch(null),
});
export type Instituicao = z.infer<typeof InstituicaoSchema>;

export const FuncionalidadesSchema = z.object({
  atividades: z.array(z.looseObject({ cod_atividade: z.coerce.number(), descricao: z.string().nullish() })),
});

export const GuiaSchema = z.looseObject({ codigo: z.string(), descricao: z.string().nullish(), ordem: z.number().nullish() });
export type Guia = z.infer<typeof GuiaSchema>;

export const AutoatendimentoSchema = z.looseObject({
  showAuto: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  codBibAuto: z.union([z.number(), z.string()]).nullish(),
  authAuto: z.union([z.number(), z.string()]).nullish(),
  idiomaAuto: z.union([z.number(), z.string()]).nullish(),
});
export type Autoatendimento = z.infer<typeof AutoatendimentoSchema>;

export interface SiteConfig {
  instituicao: Instituicao;
  /** Activity codes on in the public page configuration (spec §6). */
  activities: number[];
  guias: Guia[];
  autoatendimento: Autoatendimento;
}

const TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; value: Promise<SiteConfig> }>();

/** Loads the site configuration through the public token; cached 5 minutes per key (the API language). */
export function getSiteConfig(api: FullApiClient, cacheKey: string): Promise<SiteConfig> {
  const hit = cache.get(cacheKey);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = Promise.all([
    api.get("/parametros/instituicao", InstituicaoSchema, { as: "public" }),
    api.get("/parametros/funcionalidades", FuncionalidadesSchema, { as: "public" }),
    api.get("/parametros/guias", z.array(GuiaSchema), { as: "public" }),
    api.get("/parametros/autoatendimento", AutoatendimentoSchema, { as: "public" }),
  ]).then(([instituicao, funcionalidades, guias, autoatendimento]) => {
    // Dates and times of every page follow the library's zone from here on (ADR 226).
    setLibraryTimeZone(instituicao.fuso_horario);
    return {
      instituicao,
      activities: funcionalidades.atividades.map((a) => a.cod_atividade),
      guias: [...guias].sort((a, b) => (a.ordem ?? 0) - (b.ordem ?? 0)),
      autoatendimento,
    };
  });
  cache.set(cacheKey, { at: Date.now(), value });
  // Never keep a failure: the next request tries again.
  value.catch(() => {
    if (cache.get(cacheKey)?.value === value) cache.delete(cacheKey);
  });
  return value;
}

/** Truthy flags arrive as true, 1, "1", "S" or "true" depending on the backend. */
export function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "S" || value === "s" || value === "true";
}

/** The self-service kiosk link (spec §2), or null when the server does not enable it. */
export function selfServiceUrl(config: SiteConfig, language: string): string | null {
  const a = config.autoatendimento;
  const base = config.instituicao.endereco_web;
  if (!isOn(a.showAuto) || !base || !/^https?:\/\//i.test(base)) return null;
  const q = new URLSearchParams({
    codEmpresa: String(config.instituicao.codEmpresa ?? ""),
    codBib: String(a.codBibAuto ?? ""),
    idioma: String(a.idiomaAuto ?? language),
    tecladoNumerico: "false",
    tipoAutenticacao: String(a.authAuto ?? ""),
  });
  return `${base.replace(/\/+$/, "")}/login_auto_atendimento?${q.toString()}`;
}

/** Only http(s) links from the configuration are rendered (never javascript: or data:). */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The library's time zone (ADR 226), read from the site configuration (cached); the zone last known (or the
 * default) when the API cannot be read. Loaders that show times await it, so the first page after a start is right.
 */
export async function loadLibraryTimeZone(api: FullApiClient, cacheKey: string): Promise<string> {
  await getSiteConfig(api, cacheKey).catch(() => null);
  return libraryTimeZone();
}
