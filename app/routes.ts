import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { PRODUCT_SLUG } from "./lib/product";

// Reads like spec §2. The private area's prefix comes from one constant (PRODUCT_SLUG, build time).
export default [
  index("routes/home.tsx", { id: "home" }),
  route("login", "routes/login.tsx"),
  route("sair", "routes/sair.tsx"),
  route("acervo/:codAcervo", "routes/acervo.tsx"),
  route("acervo/:codAcervo/referencia", "routes/acervo.referencia.tsx"),
  route("cesta", "routes/cesta.tsx"),
  // Resource route: an export of the basket (or of ?acervos=) as a file download.
  route("cesta/exportar", "routes/cesta.exportar.ts"),
  route("suporte", "routes/suporte.tsx"),

  // Resource routes: accessibility preferences and language (POST, then redirect back).
  route("preferencias", "routes/preferencias.tsx"),
  route("preferencias/idioma", "routes/preferencias.idioma.tsx"),

  // The private area ("Meu Pergamum"), behind login.
  ...prefix(`meu${PRODUCT_SLUG}`, [index("routes/meu.index.tsx", { id: "meu-index" })]),

  // "/{guia}" is the home page with a search tab (one path segment); listed after the fixed paths.
  route(":guia", "routes/home.tsx", { id: "home-guia" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
