import { auditRoutes, type RouteCase } from "./audit";

// The tabs with forms of their own or option fields: authorities and teaching plan (landing, results, error) and
// a normative-acts search narrowed by an option (the archive and acts landings are in search.spec.ts).
const ROUTES: RouteCase[] = [
  { name: "tab-normative-acts-option", path: () => "/atos?termo=direito&especie=constituicao" },
  { name: "tab-authorities", path: () => "/autoridades" },
  { name: "tab-authorities-results", path: () => "/autoridades?termo=handel" },
  { name: "tab-authorities-error", path: () => "/autoridades?termo=" },
  { name: "tab-teaching-plan", path: () => "/plano-ensino" },
  { name: "tab-teaching-plan-error", path: () => "/plano-ensino?departamento=&ano=&semestre=&periodo=&disciplina=&biblioteca=" },
  { name: "tab-teaching-plan-results", path: () => `/plano-ensino?ano=${new Date().getUTCFullYear()}` },
];

auditRoutes(ROUTES);
