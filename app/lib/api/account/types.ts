/** Wire types of the patron's profile calls (importable by widgets: no server-only code). */
import { z } from "zod";

export { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, PERSONAL_FIELDS, type PersonalField } from "../../../../contract/personal-data";

const text = z.string().nullish().transform((v) => v ?? null);
export const PersonalDataSchema = z.object({
  nome_pessoa: z.string(),
  email: z.string().nullish(),
  telefone: z.string().nullish(),
  categoria: z.string().nullish(),
  dados: z.looseObject({
    logradouro: text, complemento: text, cep: text, bairro: text, cidade: text, identidade: text, cpf: text, nacionalidade: text,
    sexo: text, data_nascimento: text, escolaridade: text, localizacao: text, profissao: text, estado_civil: text, recebe_email: z.boolean(),
  }),
  editaveis: z.array(z.string()),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

export const PasswordRulesSchema = z.object({
  length: z.object({ min: z.number().int(), max: z.number().int() }),
  has_numbers: z.boolean(),
  only_numbers: z.boolean(),
  special_char: z.boolean(),
  diff_case: z.boolean(),
  diff_name: z.boolean(),
  last_pw: z.number().int(),
});

export const HistoryChoiceSchema = z.object({ guardar: z.boolean(), total: z.number().int() });

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
});
export type MySuggestion = z.infer<typeof MySuggestionSchema>;
