/**
 * Demo data for the no-debts declaration, absences and paper posting (ADR 192): patrons with a clean record who
 * may issue the declaration, a former student whose declaration was issued (its code can be checked on the
 * public page), absences for the professor and the graduate student, and the repository address of the demo
 * institution. Password `demo1234`, like every demo login.
 */
import type { Db } from "../db/index.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_EMPRESA } from "./institution.ts";
import { DEMO_PASSWORD } from "./patrons.ts";

/** The verification code of the demo's issued declaration (README, the public verification page). */
export const DEMO_DECLARATION_CODE = "DEMO-NADA-2026";
/** Where the demo institution's repository receives papers (`parametros.link_repositorio`). */
export const DEMO_REPOSITORY_LINK = "https://repositorio.ufd.example.org/submissao";

/** The README's rows for these logins (kept in step by api/seed/readme.test.ts). */
export const DECLARATION_LOGINS = [
  {
    login: "formando",
    nome: "Marina Castro Ribeiro",
    categoria: "01 Aluno de graduação",
    tem: "nada pendente: pode emitir a declaração de nada consta",
  },
  { login: "formando2", nome: "Bruno Teixeira Mendes", categoria: "01 Aluno de graduação", tem: "nada pendente (o mesmo, para os testes)" },
  { login: "formando3", nome: "Clara Azevedo Pinto", categoria: "01 Aluno de graduação", tem: "nada pendente (o mesmo, para os testes)" },
  {
    login: "egresso",
    nome: "Daniel Rocha Fernandes",
    categoria: "01 Aluno de graduação",
    tem: `declaração de nada consta já emitida (código ${DEMO_DECLARATION_CODE})`,
  },
] as const;

const PEOPLE = [
  { login: "formando", nome: "Marina Castro Ribeiro", email: "marina.ribeiro@example.org", doc: "2022000808" },
  { login: "formando2", nome: "Bruno Teixeira Mendes", email: "bruno.mendes@example.org", doc: "2022000909" },
  { login: "formando3", nome: "Clara Azevedo Pinto", email: "clara.pinto@example.org", doc: "2022001010" },
  { login: "egresso", nome: "Daniel Rocha Fernandes", email: "daniel.fernandes@example.org", doc: "2019001111" },
];

const DAY = 86_400_000;

/** Seeds the people, the issued declaration, the absences and the repository address; runs once on a new demo database. */
export async function seedDeclarations(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    const ids: Record<string, number> = {};
    for (const p of PEOPLE) {
      const row = await trx
        .insertInto("pessoa")
        .values({
          cod_empresa: DEMO_EMPRESA,
          cod_categoria: "01",
          nome_pessoa: p.nome,
          email: p.email,
          documento: p.doc,
          telefone: "(61) 95555-0000",
          dados_pessoais: JSON.stringify({ nacionalidade: "Brasileira", cidade: "Brasília", uf: "DF" }),
        })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      ids[p.login] = row.cod_pessoa;
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("login")
        .values({ cod_pessoa: row.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" })
        .execute();
    }
    const issued = new Date(now - 20 * DAY).toISOString();
    await trx
      .insertInto("nada_consta")
      .values({
        cod_pessoa: ids.egresso,
        codigo: DEMO_DECLARATION_CODE,
        nome_pessoa: "Daniel Rocha Fernandes",
        documento: "2019001111",
        categoria: "Aluno de graduação",
        emitida_em: issued,
      })
      .execute();
    await trx.updateTable("pessoa").set({ desvinculado_em: issued }).where("cod_pessoa", "=", ids.egresso).execute();

    const person = async (login: string) =>
      (await trx.selectFrom("login").select("cod_pessoa").where("usuario", "=", login).executeTakeFirst())?.cod_pessoa;
    const absences = [
      {
        login: "professor",
        motivo: "Licença para capacitação",
        data_inicio: day(-120),
        data_fim: day(-30),
        observacao: "Pós-doutorado na Universidade do Porto",
      },
      { login: "professor", motivo: "Férias", data_inicio: day(-5), data_fim: day(25), observacao: null },
      {
        login: "posgrad",
        motivo: "Intercâmbio acadêmico",
        data_inicio: day(40),
        data_fim: null,
        observacao: "Doutorado sanduíche; empréstimos suspensos durante o período",
      },
    ];
    for (const a of absences) {
      const cod = await person(a.login);
      if (cod)
        await trx
          .insertInto("afastamento")
          .values({ cod_pessoa: cod, motivo: a.motivo, data_inicio: a.data_inicio, data_fim: a.data_fim, observacao: a.observacao })
          .execute();
    }
    const inst = await trx.selectFrom("instituicao").select(["cod_empresa", "parametros"]).where("cod_empresa", "=", DEMO_EMPRESA).executeTakeFirst();
    if (inst) {
      let current: Record<string, unknown> = {};
      try {
        current = JSON.parse(inst.parametros ?? "{}") as Record<string, unknown>;
      } catch {
        current = {};
      }
      if (current.link_repositorio === undefined) {
        await trx
          .updateTable("instituicao")
          .set({ parametros: JSON.stringify({ ...current, link_repositorio: DEMO_REPOSITORY_LINK }) })
          .where("cod_empresa", "=", inst.cod_empresa)
          .execute();
      }
    }
  });
  log("seeded the declaration demo (formando, formando2, formando3, egresso), absences and the repository address");
}
