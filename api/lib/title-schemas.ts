import { z } from "@hono/zod-openapi";

/** A title as search results and lists show it (one row of `/consulta`, `/acervos?ids=`). */
export const TitleBrief = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autor: z.string().nullable(),
  editora: z.string().nullable(),
  local_publicacao: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  edicao: z.string().nullable(),
  cod_tipo_obra: z.number().int(),
  desc_tipo_obra: z.string().nullable(),
  idioma: z.string().nullable(),
  isbn: z.string().nullable(),
  chamada: z.string().nullable(),
  link_capa: z.string().nullable(),
  acesso_remoto: z.string().nullable(),
  possui_acessibilidade: z.string(),
  exemplares: z.number().int(),
  disponiveis: z.number().int(),
});

/** The title's language in a patron's list (loans, holds, loan requests): what the portal's `lang` of the title comes from. */
export const TitleLanguage = z.string().nullable().openapi({ description: "MARC language code of the title (Estante addition)" });
