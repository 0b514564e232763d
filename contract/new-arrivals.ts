/** New arrivals (issue 28, ADR 255): how many titles the API gives at most and by default, shared by the portal and the API. */

/** Titles `GET /api/estante/novidades` answers when `qtd` is not given. */
export const NEW_ARRIVALS_DEFAULT = 20;
/** Most titles one call answers (a larger `qtd` is refused). */
export const NEW_ARRIVALS_MAX = 50;
/** Titles the home page shows (the rest are on /novidades). */
export const NEW_ARRIVALS_HOME = 6;
