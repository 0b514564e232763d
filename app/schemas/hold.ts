import { z } from "zod";
import { REQUEST_TEXT_MAX } from "../../contract/request-fields";

/** The hold's pickup place (spec §3 `localizacao`) is optional free text of at most this many characters. */
export { REQUEST_TEXT_MAX };

/** The copy dimensions a hold or a loan request chooses (spec §3), with their option lists' names. */
export const DIMENSION_FIELDS = [
  { field: "volume", options: "volumes" },
  { field: "tomo", options: "tomos" },
  { field: "parte", options: "partes" },
  { field: "material_adicional", options: "materiais" },
] as const;

export type DimensionOptions = { volumes: string[]; tomos: string[]; partes: string[]; materiais: string[] };

/** Each dimension that has options must be one of them (spec §5 "all options must be chosen"). */
export function dimensionShape(options: DimensionOptions) {
  const shape: Record<string, z.ZodType> = {};
  for (const { field, options: key } of DIMENSION_FIELDS) {
    const list = options[key];
    shape[field] = list.length
      ? z.string({ error: "requests:errors.option_required" }).refine((v) => list.includes(v), "requests:errors.option_invalid")
      : z.string().optional();
  }
  return shape;
}

/**
 * The hold form (spec §5: volume, tome, part, material and library must all be chosen). Built from the title's
 * options so the browser and the server check the same lists. `chave` is the form's idempotency key.
 */
export function holdSchema(options: DimensionOptions & { bibliotecas: Array<{ cod_biblioteca: number }> }) {
  const libraries = options.bibliotecas.map((b) => b.cod_biblioteca);
  return z.object({
    ...dimensionShape(options),
    biblioteca: z
      .number({ error: "requests:errors.library_required" })
      .int()
      .refine((v) => libraries.includes(v), "requests:errors.option_invalid"),
    localizacao: z.string().trim().max(REQUEST_TEXT_MAX, "requests:errors.pickup_place_too_long").optional(),
    chave: z.string({ error: "requests:errors.stale_form" }).min(8, "requests:errors.stale_form").max(100),
  });
}

/** The hold form's fields, in the order its errors are listed. */
export const HOLD_FIELDS = ["biblioteca", "volume", "tomo", "parte", "material_adicional", "localizacao"];
