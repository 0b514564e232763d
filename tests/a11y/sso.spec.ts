import { test } from "@playwright/test";
import { PORTS } from "../support/ports";
import { auditRoutes, type RouteCase } from "./audit";

// The portal configured for single sign-on (ADR 160): the login page with the OIDC hint and the institutional
// login button, and the failed-return page (every spec §8 external-authentication error uses that one page).
test.use({ baseURL: `http://127.0.0.1:${PORTS.sso}` });

const ROUTES: RouteCase[] = [
  { name: "login-sso", path: () => "/login" },
  { name: "sso-user-not-found", path: () => "/oauth-response?falha=sso_usuario_nao_encontrado" },
];

auditRoutes(ROUTES);
