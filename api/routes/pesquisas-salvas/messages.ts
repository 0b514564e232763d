/** The words of the saved searches' refusals (`/api/pesquisas-salvas`), by `lang`. */

/** The patron already keeps the most saved searches allowed; `{max}` is that number. */
export const LIMIT_MESSAGE = {
  pt: "Limite de {max} pesquisas salvas atingido: exclua uma para salvar outra.",
  es: "Límite de {max} búsquedas guardadas alcanzado: elimine una para guardar otra.",
  en: "Limit of {max} saved searches reached: delete one to save another.",
} as const;
