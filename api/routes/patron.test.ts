import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login, publicToken } from "../lib/testing.ts";
import { DEMO_LOGINS } from "../seed/patrons.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;

beforeAll(async () => {
  t = await createTestApi();
  demo = (await login(t.app, "demo")).access_token;
});
afterAll(async () => t.cleanup());

describe("patron data", () => {
  it("returns the demo patron's user data, category and permissions", async () => {
    const res = await get(t.app, "/api/autenticar/dados-usuario", demo);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({
      nome_pessoa: "Ana Beatriz Souza",
      login: "demo",
      categoria: { codigo: "01", descricao: "Aluno de graduação" },
      professor: false,
    });
    expect(body.bloqueio).toBe(false);
    expect(body.authPermissions.map((p: { cod_atividade: number }) => p.cod_atividade)).toContain(8);
  });

  it("marks the professor as a teacher", async () => {
    const { access_token } = await login(t.app, "professor");
    expect((await (await get(t.app, "/api/autenticar/dados-usuario", access_token)).json()).user.professor).toBe(true);
  });

  it("lists the person's logins", async () => {
    expect(await (await get(t.app, "/api/pessoas/login", demo)).json()).toEqual([{ codigo: 1, usuario: "demo", base: "UFD", atual: true }]);
  });

  it("lists three current loans for demo, one of them overdue", async () => {
    const loans = await (await get(t.app, "/api/emprestimo/titulos-pendentes", demo)).json();
    expect(loans).toHaveLength(3);
    expect(loans.filter((l: { atrasado: boolean }) => l.atrasado)).toHaveLength(1);
    expect(loans[0]).toMatchObject({ atrasado: true, renovacoes: 1, limite_renovacoes: 3, tipo: "emprestado" });
    expect(typeof loans[0].titulo).toBe("string");
  });

  it("lists one hold for demo, on a title lent to someone else", async () => {
    const holds = await (await get(t.app, "/api/reserva", demo)).json();
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ posicao: 1, situacao: "ativa" });
    const perms = await (await get(t.app, `/api/acervo/${holds[0].cod_acervo}/permissoes`, demo)).json();
    expect(perms).toMatchObject({ disponiveis: 0, reserva: true });
  });

  it("lists one unpaid debit for demo with its total", async () => {
    const body = await (await get(t.app, "/api/emprestimo/debitos-pendentes", demo)).json();
    expect(body.debitos).toHaveLength(1);
    expect(body.debitos[0]).toMatchObject({ valor_multa: 4.5, desconto: 0, valor_pago: 0, total: 4.5, tipo_servico: "Empréstimo" });
    expect(body.total).toBe(4.5);
  });

  it("keeps patron lists away from the public token", async () => {
    const pub = await publicToken(t.app);
    for (const path of ["/api/emprestimo/titulos-pendentes", "/api/reserva", "/api/emprestimo/debitos-pendentes", "/api/pessoas/login"]) {
      const res = await get(t.app, path, pub);
      expect(res.status, path).toBe(403);
    }
  });

  it("gives each other demo patron what DEMO_LOGINS promises", async () => {
    expect(DEMO_LOGINS.map((l) => l.login)).toEqual(["demo", "bloqueado", "professor", "posgrad", "funcionario", "comunidade", "comunidade2"]);
    const counts: Record<string, [number, number]> = {};
    for (const l of ["professor", "posgrad", "funcionario"]) {
      const tok = (await login(t.app, l)).access_token;
      counts[l] = [
        (await (await get(t.app, "/api/emprestimo/titulos-pendentes", tok)).json()).length,
        (await (await get(t.app, "/api/reserva", tok)).json()).length,
      ];
    }
    expect(counts).toEqual({ professor: [2, 0], posgrad: [1, 1], funcionario: [1, 0] });
  });
});
