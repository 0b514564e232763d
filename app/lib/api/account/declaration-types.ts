/** Wire types of the no-debts declaration, absences, paper posting and user swap (zod), importable by widgets. */
import { z } from "zod";

export const PENDING_KINDS = ["emprestimos", "reservas", "debitos"] as const;
export const ABSENCE_STATES = ["previsto", "em_curso", "encerrado"] as const;
export type AbsenceState = (typeof ABSENCE_STATES)[number];

export const DeclarationSchema = z.looseObject({
  codigo: z.string(),
  nome_pessoa: z.string(),
  documento: z.string().nullish(),
  categoria: z.string().nullish(),
  emitida_em: z.string(),
  instituicao: z.looseObject({ sigla: z.string().nullish(), nome: z.string().nullish() }).nullish(),
});
export type Declaration = z.infer<typeof DeclarationSchema>;

/** A declaration as the public check shows it: without the patron's document number (spec §7, ADR 192). */
export const VerifiedDeclarationSchema = DeclarationSchema.omit({ documento: true });
export type VerifiedDeclaration = z.infer<typeof VerifiedDeclarationSchema>;

export const NoDebtsStatusSchema = z.looseObject({
  pode_emitir: z.boolean(),
  pendencias: z.array(z.looseObject({ codigo: z.string(), quantidade: z.coerce.number(), descricao: z.string().nullish() })),
  declaracao: DeclarationSchema.nullish(),
});
export type NoDebtsStatus = z.infer<typeof NoDebtsStatusSchema>;

export const AbsenceSchema = z.looseObject({
  cod_afastamento: z.coerce.number(),
  motivo: z.string(),
  data_inicio: z.string(),
  data_fim: z.string().nullish(),
  observacao: z.string().nullish(),
  situacao: z.string(),
});
export type Absence = z.infer<typeof AbsenceSchema>;
