/** Wire types of the requests to the library (importable by widgets: no server code). */
import { z } from "zod";
import { REQUEST_STATUSES } from "~/lib/library-requests/forms";

export const CatalogueCardAnswerSchema = z.object({
  cutter: z.string(),
  classificacao: z.string(),
  assuntos: z.array(z.string()),
  instituicao: z.string().optional(),
  local: z.string().optional(),
  bibliotecario: z.string().optional(),
});
export type CatalogueCardAnswer = z.infer<typeof CatalogueCardAnswerSchema>;

export const LibraryRequestSchema = z.object({
  cod_solicitacao: z.number().int(),
  tipo: z.string(),
  subtipo: z.string().nullable(),
  situacao: z.enum(REQUEST_STATUSES).catch("aguardando"),
  created_at: z.string(),
  data_resposta: z.string().nullable(),
  dados: z.record(z.string(), z.unknown()),
  resposta: z.record(z.string(), z.unknown()).nullable(),
});
export type LibraryRequest = z.infer<typeof LibraryRequestSchema>;
