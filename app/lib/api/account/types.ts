/** Wire types of the private area's API calls (zod), importable by widgets (no server code). */
import { z } from "zod";

/** A reason code this portal does not know yet still shows the API's own words. */
const Reason = z.string();

/** The hold states in which a hold can still be suspended or moved (a ready or travelling copy cannot: the API refuses). */
export const HOLD_CHANGEABLE_STATES: readonly string[] = ["aguardando", "suspensa"];

export const LOAN_KINDS = ["emprestado", "quarentena", "horario", "diario", "reservado", "transito"] as const;

export const CurrentLoanSchema = z.looseObject({
  cod_emprestimo: z.coerce.number(),
  cod_acervo: z.coerce.number().nullish(),
  titulo: z.string().nullish(),
  autor: z.string().nullish(),
  // MARC language code of the title, for its lang (an Estante addition: another backend may not send it).
  idioma: z.string().nullish(),
  biblioteca: z.string().nullish(),
  data_emprestimo: z.string().nullish(),
  data_devolucao_prevista: z.string().nullish(),
  renovacoes: z.coerce.number().nullish(),
  limite_renovacoes: z.coerce.number().nullish(),
  atrasado: z.boolean().nullish(),
  tipo: z.string().nullish(),
  renovavel: z.boolean().nullish(),
  motivo: Reason.nullish(),
  motivo_mensagem: z.string().nullish(),
});
export type CurrentLoan = z.infer<typeof CurrentLoanSchema>;

export const RenewalResultSchema = z.object({
  resultados: z.array(
    z.looseObject({
      cod_emprestimo: z.coerce.number(),
      titulo: z.string().nullish(),
      renovado: z.boolean(),
      data_devolucao_prevista: z.string().nullish(),
      motivo: Reason.nullish(),
      motivo_mensagem: z.string().nullish(),
    }),
  ),
  renovados: z.coerce.number(),
  total: z.coerce.number(),
});
export type RenewalResult = z.infer<typeof RenewalResultSchema>;

export const LoanHistorySchema = z.object({
  total: z.coerce.number(),
  pagina: z.coerce.number(),
  qtd: z.coerce.number(),
  itens: z.array(
    z.looseObject({
      cod_emprestimo: z.coerce.number(),
      cod_acervo: z.coerce.number().nullish(),
      titulo: z.string().nullish(),
      autor: z.string().nullish(),
      // MARC language code of the title, for its lang (an Estante addition: another backend may not send it).
      idioma: z.string().nullish(),
      biblioteca: z.string().nullish(),
      tipo: z.string().nullish(),
      data_emprestimo: z.string().nullish(),
      data_devolucao_prevista: z.string().nullish(),
      data_devolucao: z.string().nullish(),
      renovacoes: z.coerce.number().nullish(),
      multa: z.coerce.number().nullish(),
    }),
  ),
});
export type LoanHistory = z.infer<typeof LoanHistorySchema>;

export const FeedSchema = z.object({ token: z.string().nullable(), criado_em: z.string().nullable() });
export const LoanTokenSchema = z.object({ token: z.string().nullable(), valido_ate: z.string().nullable() });
export type LoanToken = z.infer<typeof LoanTokenSchema>;

export const AlertSchema = z.looseObject({
  id: z.coerce.number(),
  tipo: z.string(),
  dados: z.record(z.string(), z.unknown()).nullish(),
  mensagem: z.string(),
  lido: z.boolean(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertsSchema = z.object({ nao_lidos: z.coerce.number(), alertas: z.array(AlertSchema) });
// Wire types of the patron's profile calls.

export { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, PERSONAL_FIELDS, type PersonalField } from "../../../../contract/personal-data";

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
export const PersonalDataSchema = z.object({
  nome_pessoa: z.string(),
  email: z.string().nullish(),
  telefone: z.string().nullish(),
  /** A new address waiting for its confirmation link (ADR 236); absent from a backend without the feature. */
  email_pendente: z.object({ email: z.string(), expira_em: z.string() }).nullish(),
  categoria: z.string().nullish(),
  dados: z.looseObject({
    logradouro: text,
    complemento: text,
    cep: text,
    bairro: text,
    cidade: text,
    identidade: text,
    cpf: text,
    nacionalidade: text,
    sexo: text,
    data_nascimento: text,
    escolaridade: text,
    localizacao: text,
    profissao: text,
    estado_civil: text,
    recebe_email: z.boolean(),
  }),
  editaveis: z.array(z.string()),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

/** A new e-mail address waiting for confirmation, or what a confirmation link names (ADR 236). */
export const PendingEmailSchema = z.object({ email: z.string(), expira_em: z.string() });

export const PasswordRulesSchema = z.object({
  length: z.object({ min: z.number().int(), max: z.number().int() }),
  has_numbers: z.boolean(),
  only_numbers: z.boolean(),
  special_char: z.boolean(),
  diff_case: z.boolean(),
  diff_name: z.boolean(),
  last_pw: z.number().int(),
});

export const MyCommentSchema = z.looseObject({
  cod_comentario: z.number(),
  cod_acervo: z.number().nullable(),
  titulo: z.string().nullable(),
  biblioteca: z.string(),
  texto: z.string(),
  situacao: z.string(),
  data_envio: z.string(),
});
export type MyComment = z.infer<typeof MyCommentSchema>;

export const SuggestionStatusSchema = z.object({ codigo: z.string(), descricao: z.string() });
export const MySuggestionSchema = z.looseObject({
  cod_sugestao: z.number(),
  titulo: z.string(),
  autor: z.string().nullable(),
  editor: z.string().nullable(),
  edicao: z.string().nullable(),
  biblioteca: z.string(),
  situacao: z.string(),
  created_at: z.string(),
  // A professor's suggestion (ADR 195); absent from an API without the professors' route.
  disciplina: z.string().nullish(),
  tipo_bibliografia: z.enum(["B", "C"]).nullish().catch(null),
  exemplares: z.number().int().nullish(),
});
export type MySuggestion = z.infer<typeof MySuggestionSchema>;
