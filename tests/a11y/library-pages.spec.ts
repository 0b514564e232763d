import { auditRoutes, type RouteCase } from "./audit";

// The library's own pages (ADR 194): general information with sections 1 and 2, the FAQ, institutional events.
const ROUTES: RouteCase[] = [
  { name: "library-information", path: () => "/informacoes" },
  { name: "library-faq", path: () => "/perguntas-frequentes" },
  { name: "library-events", path: () => "/eventos" },
];

auditRoutes(ROUTES);
