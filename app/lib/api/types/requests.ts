/** The wire shapes of `requests.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";
import { PATRON_HOLD_REFUSALS } from "../hold-refusal";

export const strings = z.array(z.string()).catch([]);

export const LibrarySchema = z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() });

/** What `informacoes-iniciais` may answer as `impedimento`: the title's copies, then the patron's own rules. */
export const TITLE_IMPEDIMENTS = ["exemplar_disponivel", "sem_exemplar_reservavel"] as const;

export const HOLD_IMPEDIMENTS = [...TITLE_IMPEDIMENTS, ...PATRON_HOLD_REFUSALS] as const;

export const HoldOptionsSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  volumes: strings,
  tomos: strings,
  partes: strings,
  materiais: strings,
  bibliotecas: z.array(LibrarySchema),
  disponiveis: z.number().int().catch(0),
  fila: z.number().int().catch(0),
  // Why no hold is possible: the title's copies, or (for the signed-in patron) the rule that would refuse their hold.
  // The patron codes are an Estante addition; a value the portal does not know reads as "no impediment known".
  impedimento: z.enum(HOLD_IMPEDIMENTS).nullish().catch(null),
  // The patron's own hold on the title: the page then offers no second hold (and `fila` counts only others).
  minha_reserva: z.object({ cod_reserva: z.number().int(), posicao: z.number().int() }).nullish().catch(null),
});

export type HoldOptions = z.infer<typeof HoldOptionsSchema>;

/** The hold payload of spec §3 plus the form's idempotency key. */
export interface HoldPayload {
  cod_acervo: number;
  biblioteca: number;
  volume?: string | null;
  tomo?: string | null;
  parte?: string | null;
  material_adicional?: string | null;
  /** Where the patron would pick the copy up (spec §3 localizacao, free text). */
  localizacao?: string | null;
  chave_envio: string;
}

export const PlacedSchema = z.object({ cod_reserva: z.number().int(), posicao: z.number().int(), criada: z.boolean().catch(true) });

export const HoldListSchema = z.array(
  z.looseObject({
    cod_reserva: z.number().int(),
    cod_acervo: z.number().int(),
    titulo: z.string().nullish(),
    posicao: z.number().int(),
    biblioteca: z.string().nullish(),
  }),
);

export const LoanRequestOptionsSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  bibliotecas_origem: z.array(LibrarySchema),
  bibliotecas_recebimento: z.array(LibrarySchema),
  locais_recebimento: z.array(z.object({ codigo: z.number().int(), descricao: z.string(), domicilio: z.boolean().catch(false) })),
  volumes: strings,
  tomos: strings,
  partes: strings,
  materiais: strings,
  email: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  telefone: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
});

export type LoanRequestOptions = z.infer<typeof LoanRequestOptionsSchema>;

export const UnitSchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  cod_campus: z.number().int(),
  nome_campus: z.string(),
});

export type Unit = z.infer<typeof UnitSchema>;

/** Rule codes the request calls answer with (422/403), each with a message in `requests:rules.*`. */
export const RULE_CODES = [
  "exemplar_disponivel",
  "sem_exemplar_reservavel",
  "reserva_existente",
  "titulo_emprestado",
  "limite_reservas",
  "usuario_bloqueado",
  "usuario_desvinculado",
  "limite_solicitacoes",
  "solicitacao_duplicada",
  "sem_exemplar_disponivel",
  "limite_comentarios",
  "atividade_negada",
  "somente_professor",
] as const;
