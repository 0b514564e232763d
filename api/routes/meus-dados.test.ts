import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSON_SECTIONS } from "../db/person-export.ts";
import { createTestApi, get, login } from "../lib/testing.ts";
import { seedAccountProfile } from "../seed/account-profile.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;
let codPessoa: number;

beforeAll(async () => {
  t = await createTestApi();
  await seedAccountProfile(t.db);
  demo = (await login(t.app, "demo")).access_token;
  codPessoa = (await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "demo").executeTakeFirstOrThrow()).cod_pessoa;
  // Rows the demo data does not give this patron: a request to the library, an interest profile, a saved search,
  // a GRU, a declaration and an absence.
  const now = new Date().toISOString();
  const rows: Array<[string, Record<string, unknown>]> = [
    ["pesquisa_salva", { cod_pessoa: codPessoa, nome: "Minha busca", consulta: "termo=historia", created_at: now }],
    [
      "solicitacao_biblioteca",
      {
        cod_pessoa: codPessoa,
        tipo: "comutacao",
        subtipo: "artigo",
        dados: JSON.stringify({ titulo_artigo: "Um artigo" }),
        chave_duplicidade: "k1",
        situacao: "aguardando",
        created_at: now,
      },
    ],
    ["perfil_interesse", { cod_pessoa: codPessoa, validade: "2027-12-31", updated_at: now }],
    ["perfil_interesse_item", { cod_pessoa: codPessoa, tipo_dsi: "A", cod_tipo_area: 1, codigo: "1", descricao: "História", created_at: now }],
    [
      "gru",
      {
        cod_pessoa: codPessoa,
        cod_biblioteca: 1,
        valor: 2.5,
        debitos: "[1]",
        numero_referencia: "123",
        vencimento: "2027-01-01",
        pix: "pix",
        situacao: "emitida",
        created_at: now,
      },
    ],
    [
      "nada_consta",
      { cod_pessoa: codPessoa, codigo: "ABCD-1234", nome_pessoa: "Ana Beatriz Souza", documento: "123", categoria: "Graduação", emitida_em: now },
    ],
    ["lista", { cod_pessoa: codPessoa, nome: "Para a monografia", padrao: 0 }],
    ["afastamento", { cod_pessoa: codPessoa, motivo: "ferias", data_inicio: "2026-01-01", data_fim: "2026-01-31" }],
  ];
  for (const [table, values] of rows) {
    const cols = Object.keys(values);
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${sql.join(Object.values(values))})`.execute(t.db);
  }
});
afterAll(async () => t.cleanup());

/** The bundle's sections that hold each table's rows (the circulation part and the person's own row). */
const SECTIONS_OF: Record<string, string[]> = {
  emprestimo: ["emprestimos", "historico"],
  reserva: ["reservas"],
  debito: ["debitos"],
  solicitacao_emprestimo: ["solicitacoes"],
  comentario: ["comentarios"],
  sugestao_aquisicao: ["sugestoes"],
  alerta: ["alertas"],
  lista: ["listas"],
  lista_espera: ["lista_espera"],
  ...Object.fromEntries(Object.entries(PERSON_SECTIONS).map(([name, s]) => [s.table, [name]])),
};

describe("the personal-data export (LGPD art. 18)", () => {
  it("has a section for every table of the schema that refers to a person, with all of the person's rows", async () => {
    const bundle = (await (await get(t.app, "/api/pessoas/meu-pergamum/meus-dados", demo)).json()) as Record<string, unknown>;
    const tables = (await t.db.introspection.getTables()).filter((tb) => tb.columns.some((c) => c.name === "cod_pessoa" || c.name === "cod_login"));
    // The person's own row: the personal data and the registration record.
    expect(bundle.dados_pessoais).toMatchObject({ nome_pessoa: "Ana Beatriz Souza" });
    expect(bundle.cadastro).toMatchObject({ documento: expect.any(String) });
    const missing: string[] = [];
    for (const tb of tables) {
      if (tb.name === "pessoa") continue;
      const sections = SECTIONS_OF[tb.name];
      if (!sections || sections.some((s) => !Array.isArray(bundle[s]))) {
        missing.push(tb.name);
        continue;
      }
      const byPerson = tb.columns.some((c) => c.name === "cod_pessoa");
      const { rows } = byPerson
        ? await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(tb.name)} WHERE cod_pessoa = ${codPessoa}`.execute(t.db)
        : await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM ${sql.table(tb.name)} WHERE cod_login IN (SELECT cod_login FROM login WHERE cod_pessoa = ${codPessoa})`.execute(
            t.db,
          );
      const exported = sections.reduce((n, s) => n + (bundle[s] as unknown[]).length, 0);
      expect(exported, `rows of ${tb.name} in ${sections.join(" + ")}`).toBe(Number(rows[0].n));
    }
    expect(missing, "tables with a person column that the export leaves out").toEqual([]);
  });

  it("includes the requests to the library, the interest profile, saved searches, GRUs and the declarations", async () => {
    const bundle = await (await get(t.app, "/api/pessoas/meu-pergamum/meus-dados", demo)).json();
    expect(bundle.solicitacoes_biblioteca[0]).toMatchObject({ tipo: "comutacao", dados: { titulo_artigo: "Um artigo" } });
    expect(bundle.perfil_interesse_itens[0]).toMatchObject({ descricao: "História" });
    expect(bundle.pesquisas_salvas[0]).toMatchObject({ nome: "Minha busca" });
    expect(bundle.grus[0]).toMatchObject({ numero_referencia: "123", debitos: [1] });
    expect(bundle.declaracoes_nada_consta[0]).toMatchObject({ codigo: "ABCD-1234" });
    expect(bundle.afastamentos[0]).toMatchObject({ motivo: "ferias" });
  });

  it("says which logins and sessions exist without any password hash, token or recovery code", async () => {
    const text = await (await get(t.app, "/api/pessoas/meu-pergamum/meus-dados", demo)).text();
    const bundle = JSON.parse(text);
    expect(bundle.logins[0]).toMatchObject({ usuario: "demo" });
    expect(bundle.sessoes.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/senha_hash|senha_salt|token_hash|codigo_hash|segredo|"token"/);
    expect(text).not.toContain(demo);
  });

  it("puts a nested value in one JSON cell of the CSV", async () => {
    const text = await (await get(t.app, "/api/pessoas/meu-pergamum/meus-dados?formato=csv", demo)).text();
    expect(text).toContain(`solicitacoes_biblioteca,1,dados,"{""titulo_artigo"":""Um artigo""}"`);
  });
});
