/** Words of the /api/parametros group. */

/** What the login form calls the patron when the institution sets no `denominacao_login`. */
export const DEFAULT_LOGIN_NAME = "Usuário";
