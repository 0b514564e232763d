/**
 * The account bench's patron: `bench` (password demo1234) with 50 current loans and 500 returned ones,
 * written straight into the bench server's fresh database (WAL lets the running server see them).
 */
import path from "node:path";
import { openDatabase } from "../api/db/index.ts";
import { hashPassword } from "../api/lib/password.ts";

export const BENCH_LOGIN = "bench";
const DAY = 86_400_000;

export async function seedBenchPatron(dataDir: string, { loans = 50, history = 500 } = {}): Promise<void> {
  const db = openDatabase({ dataDir: path.resolve(dataDir) });
  try {
    const copies = await db
      .selectFrom("exemplar")
      .select(["cod_exemplar", "cod_biblioteca"])
      .orderBy("cod_exemplar", "desc")
      .limit(loans + history)
      .execute();
    if (copies.length < loans + history) throw new Error(`only ${copies.length} copies for the account bench`);
    const now = Date.now();
    const iso = (d: number) => new Date(now + d * DAY).toISOString();
    await db.transaction().execute(async (trx) => {
      const p = await trx
        .insertInto("pessoa")
        .values({ cod_empresa: 1, cod_categoria: "01", nome_pessoa: "Leitora de Bench", email: "bench@example.org" })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      const { hash, salt } = hashPassword("demo1234");
      await trx
        .insertInto("login")
        .values({ cod_pessoa: p.cod_pessoa, usuario: BENCH_LOGIN, senha_hash: hash, senha_salt: salt, base: "UFD" })
        .execute();
      const rows = copies.map((c, i) => {
        const current = i < loans;
        const lent = current ? 1 + (i % 20) : 30 + i;
        return {
          cod_exemplar: c.cod_exemplar,
          cod_pessoa: p.cod_pessoa,
          cod_biblioteca: c.cod_biblioteca,
          data_emprestimo: iso(-lent),
          data_devolucao_prevista: iso(-lent + 14),
          data_devolucao: current ? null : iso(-lent + 10),
          renovacoes: i % 4,
        };
      });
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto("emprestimo")
          .values(rows.slice(i, i + 100))
          .execute();
    });
  } finally {
    await db.destroy();
  }
}
