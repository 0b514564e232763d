/**
 * Demo acquisition data (ADR 193): each demo copy gets an acquisition day within the last eighteen months and a mode
 * (mostly purchases, some donations and exchanges), so the acquisition statistics have months and modes to show.
 * Deterministic: the n-th copy always lands on the same day offset and mode. Changes no count other seeds rely on.
 */
import type { Db } from "../db/index.ts";

const MODES = ["compra", "compra", "doacao", "compra", "permuta", "compra", "doacao"] as const;
const DAY_MS = 86_400_000;

export async function seedAcquisitions(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const copies = await db.selectFrom("exemplar").select("cod_exemplar").orderBy("cod_exemplar").execute();
  await db.transaction().execute(async (trx) => {
    for (const [i, c] of copies.entries()) {
      // Spread over 540 days; 37 is coprime with 540, so consecutive copies fall in different months.
      const day = new Date(now - ((i * 37) % 540) * DAY_MS).toISOString().slice(0, 10);
      await trx
        .updateTable("exemplar")
        .set({ data_aquisicao: day, modalidade_aquisicao: MODES[i % MODES.length] })
        .where("cod_exemplar", "=", c.cod_exemplar)
        .execute();
    }
  });
  log(`gave ${copies.length} demo copies an acquisition day and mode`);
}
