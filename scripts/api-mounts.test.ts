/**
 * One folder per API prefix (docs/contributing/adding-an-api-group.md): `api/app.ts` mounts each prefix once, from
 * the folder's `index.ts`, which mounts its parts in a visible order. The calls spec §7 puts directly under /api
 * are one folder too (`api/routes/raiz/`).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const APP = readFileSync(resolve(import.meta.dirname, "../api/app.ts"), "utf8");

function mounts(source: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of source.matchAll(/app\.route\(\s*(["`])([^"`]+)\1/g)) counts.set(m[2], (counts.get(m[2]) ?? 0) + 1);
  return counts;
}

describe("the API's prefixes", () => {
  it("are each mounted once", () => {
    expect(mounts(APP).size).toBeGreaterThan(20);
    expect(Object.fromEntries([...mounts(APP)].filter(([, n]) => n > 1))).toEqual({});
  });

  it("finds a prefix mounted twice (the check can fail)", () => {
    expect(mounts('app.route("/api/x", a(deps));\napp.route("/api/x", b(deps));').get("/api/x")).toBe(2);
  });

  it("mounts the groups made folders from their index.ts", () => {
    for (const group of [
      "pessoas",
      "autenticar",
      "comentarios",
      "aquisicao",
      "emprestimo",
      "acervo",
      "consulta",
      "parametros",
      "vinculos",
      "rede",
      "solicitacao-emprestimo",
      "estante-novidades",
      "pesquisas-salvas",
      "perfil-interesse",
      "biblioteca",
      "gru",
      "solicitacoes",
      "nada-consta",
      "estante-notificacoes",
      "reserva",
      "raiz",
    ])
      expect(APP).toContain(`from "./routes/${group}/index.ts"`);
  });
});
