import { auditRoutes, type RouteCase } from "./audit";

// Results with the facets derived from the catalogue data (author, subject, publisher, place, collection,
// repository), two of them selected.
const ROUTES: RouteCase[] = [
  { name: "facets-derived-selected", path: () => "/?termo=brasil&qtd=10&filtro=S:politica&filtro=A:coutinho-carlos-nelson" },
];

auditRoutes(ROUTES);
