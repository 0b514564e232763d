import { auditRoutes, type RouteCase } from "./audit";

// New arrivals (ADR 255): every library's, one library's, and a library that does not exist (the error summary).
// The home page with its new arrivals' section is the "home" case of pages.spec.ts.
const ROUTES: RouteCase[] = [
  { name: "new-arrivals", path: () => "/novidades" },
  { name: "new-arrivals-library", path: () => "/novidades?biblioteca=3" },
  { name: "new-arrivals-error", path: () => "/novidades?biblioteca=999" },
];

auditRoutes(ROUTES);
