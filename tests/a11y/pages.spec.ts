import { PRIVATE_AREA } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

// The walking skeleton's routes: home and search, title page, login, private area, logout, support, 404.
const ROUTES: RouteCase[] = [
  { name: "home", path: () => "/" },
  { name: "search-results", path: () => "/?termo=historia&tipo=livre" },
  { name: "search-empty-error", path: () => "/?termo=" },
  { name: "search-no-results", path: () => "/?termo=zzzyyyxxxqqq" },
  { name: "title", path: ({ titleId }) => `/acervo/${titleId}` },
  { name: "title-not-found", path: () => "/acervo/999999999" },
  { name: "login", path: () => "/login" },
  {
    name: "login-errors",
    path: () => "/login",
    act: async (page) => {
      await page.getByRole("button", { name: /^(Entrar|Enter)$/ }).click();
      await page.getByRole("alert").waitFor();
    },
  },
  { name: "private-area", path: () => PRIVATE_AREA, signedIn: true },
  { name: "logout-confirm", path: () => "/sair", signedIn: true },
  { name: "support", path: () => "/suporte" },
  { name: "library-directory", path: () => "/bibliotecas" },
  { name: "not-found", path: () => "/nao/existe" },
];

auditRoutes(ROUTES, { fullMatrix: true });

// A later page of results has the first page's markup with other titles and the pager's other state.
auditRoutes([{ name: "search-page-2", path: () => "/?termo=brasil&pagina=2" }]);
