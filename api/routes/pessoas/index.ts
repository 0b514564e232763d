/**
 * /api/pessoas (spec §7 "Pessoas"): the patron's own person, the private area's services, the patron's logins,
 * the profile (personal data, password, LGPD bundle), the contact details and the password recovery.
 *
 * The order matters: `logins` puts a token check on every /api/pessoas path (`*`), so the parts before it
 * check their own paths, and the parts after it run behind that check.
 */
import type { ApiDeps } from "../../lib/http.ts";
import { createRouter } from "../../lib/http.ts";
import { meuPerfilRoutes } from "./perfil.ts";
import { meuContatoRoutes } from "./contato.ts";
import { loginsRoutes } from "./logins.ts";
import { pessoaRoutes } from "./pessoa.ts";
import { recuperarSenhaRoutes } from "./recuperar-senha.ts";
import { pessoasServicosRoutes } from "./servicos.ts";

export function pessoasRoutes(deps: ApiDeps) {
  const app = createRouter();
  // GET /pessoas, departamentos, renovar, redirect-base (ADR 180): each checks its own paths.
  app.route("/", pessoaRoutes(deps));
  // Absences, paper posting and the user swap (ADR 192): each checks its own paths.
  app.route("/", pessoasServicosRoutes(deps));
  // The patron's logins and the switch between them (ADR 172).
  app.route("/", loginsRoutes(deps));
  // The patron's own profile (ADR 140).
  app.route("/", meuPerfilRoutes(deps));
  // Changing the e-mail address with a confirmation link (ADR 236).
  app.route("/", meuContatoRoutes(deps));
  // Password recovery (spec §4).
  app.route("/", recuperarSenhaRoutes(deps));
  return app;
}
