import { PORTS } from "../support/ports";
import { auditRoutes, type RouteCase } from "./audit";

// The network (OAI) search: the tab's landing form, results with an institution filter, a record, and the
// failing service (the "external" portal's API runs with NETWORK_UNAVAILABLE=1).
const ROUTES: RouteCase[] = [
  { name: "network-landing", path: () => "/rede" },
  { name: "network-results-filtered", path: () => "/rede?termo=jazz&qtd=10&filtro=Z:3" },
  { name: "network-record", path: () => "/rede/acervo/1" },
  { name: "network-unavailable", path: () => `http://127.0.0.1:${PORTS.external}/rede?termo=jazz` },
];

auditRoutes(ROUTES);
