/**
 * The personal-data fields of spec §3 and the codes of their choice fields, shared by the API (which
 * validates them) and the portal (which draws the form). Imports nothing from app/ or api/.
 */

/** Every spec §3 personal-data field, in the order the portal shows them. */
export const PERSONAL_FIELDS = [
  "logradouro",
  "complemento",
  "cep",
  "bairro",
  "cidade",
  "identidade",
  "cpf",
  "nacionalidade",
  "sexo",
  "data_nascimento",
  "escolaridade",
  "localizacao",
  "profissao",
  "estado_civil",
  "recebe_email",
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** The marital statuses of spec §3, in the spec's order. */
export const MARITAL_STATUSES = ["solteiro", "casado", "separado", "divorciado", "viuvo", "outro"] as const;
export const GENDERS = ["feminino", "masculino", "outro", "nao_informado"] as const;
export const EDUCATION_LEVELS = ["fundamental", "medio", "tecnico", "superior", "especializacao", "mestrado", "doutorado"] as const;
