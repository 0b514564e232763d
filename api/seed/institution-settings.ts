/**
 * Institution settings from the environment (INSTITUTION_SETTINGS, ADR 171): a JSON object whose
 * `parametros` are merged into the institution's parameters, whose `atividades` switch activities on or off
 * in the public page configuration, and whose `categorias` give or take an activity from a patron category
 * (`{"05": {"8": false}}`: community members get no private area), applied at every start. It lets a deployment (and the test run's second
 * API) switch the login variants, the captcha and the like without editing the database by hand.
 */
import { z } from "zod";
import type { Db } from "../db/index.ts";

export const InstitutionSettingsSchema = z.object({
  parametros: z.record(z.string(), z.unknown()).default({}),
  atividades: z.record(z.string().regex(/^\d+$/, "activity codes are numbers"), z.boolean()).default({}),
  categorias: z
    .record(
      z.string().regex(/^\w{1,10}$/, "category codes are short codes"),
      z.record(z.string().regex(/^\d+$/, "activity codes are numbers"), z.boolean()),
    )
    .default({}),
});
export type InstitutionSettings = z.infer<typeof InstitutionSettingsSchema>;

/** Parses the variable; throws a readable error for bad JSON or a bad shape. */
export function parseInstitutionSettings(raw: string): InstitutionSettings {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error("INSTITUTION_SETTINGS is not valid JSON");
  }
  const parsed = InstitutionSettingsSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(`INSTITUTION_SETTINGS: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** Applies the settings to every institution of the database (there is one per database). */
export async function applyInstitutionSettings(db: Db, settings: InstitutionSettings): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("instituicao").select(["cod_empresa", "parametros"]).execute();
    for (const row of rows) {
      let current: Record<string, unknown> = {};
      try {
        current = JSON.parse(row.parametros ?? "{}") as Record<string, unknown>;
      } catch {
        current = {};
      }
      await trx
        .updateTable("instituicao")
        .set({ parametros: JSON.stringify({ ...current, ...settings.parametros }) })
        .where("cod_empresa", "=", row.cod_empresa)
        .execute();
    }
    for (const [code, on] of Object.entries(settings.atividades)) {
      await trx
        .updateTable("atividade")
        .set({ publica: on ? 1 : 0 })
        .where("cod_atividade", "=", Number(code))
        .execute();
    }
    for (const [category, activities] of Object.entries(settings.categorias)) {
      for (const [code, on] of Object.entries(activities)) {
        const row = { cod_categoria: category, cod_atividade: Number(code) };
        await trx
          .deleteFrom("categoria_atividade")
          .where("cod_categoria", "=", row.cod_categoria)
          .where("cod_atividade", "=", row.cod_atividade)
          .execute();
        if (on) await trx.insertInto("categoria_atividade").values(row).execute();
      }
    }
  });
}
