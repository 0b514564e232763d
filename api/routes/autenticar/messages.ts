/** Words of the /api/autenticar group: the names of the mobile app's layers (the same in every `lang`). */

/** Each app layer's name, by its code (GET /autenticar/app-layers, GET /parametros/app-layers). */
export const APP_LAYER_NAMES = {
  consulta: "Consulta ao acervo",
  emprestimos: "Empréstimos e renovação",
  reservas: "Reservas",
  debitos: "Débitos",
  token: "Token de empréstimo",
  alertas: "Alertas",
} as const;
