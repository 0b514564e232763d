// Type declarations for the untyped MARC packages this importer uses.

declare module "marc8/lib/marc8_mapping.js" {
  /** Library of Congress MARC-8 → Unicode tables: CODESETS[set final byte][code] = [code point, combining]. */
  const mapping: { CODESETS: Record<number, Record<number, [number, number]>> };
  export default mapping;
}

declare module "@natlibfi/marc-record-serializers" {
  interface NatlibfiRecord {
    leader: string;
    fields: Array<{ tag: string; value?: string; ind1?: string; ind2?: string; subfields?: Array<{ code: string; value?: string }> }>;
  }
  export const MARCXML: {
    from(xml: string, validationOptions?: Record<string, boolean>): Promise<NatlibfiRecord>;
  };
}
