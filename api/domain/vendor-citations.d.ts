// Type declarations for the untyped citation and MARC packages the basket export uses.

declare module "@citation-js/core" {
  /** A CSL-JSON item (the subset Estante fills). */
  export interface CslItem {
    id: string;
    type: string;
    title: string;
    author?: Array<{ family?: string; given?: string; literal?: string }>;
    issued?: { "date-parts": number[][] };
    publisher?: string;
    "publisher-place"?: string;
    edition?: string;
    ISBN?: string;
    ISSN?: string;
    "collection-title"?: string;
    "call-number"?: string;
    keyword?: string;
    language?: string;
    URL?: string;
  }
  export class Cite {
    constructor(data: CslItem[]);
    format(format: "bibliography", options: { format: "text" | "html"; template: string; lang: string }): string;
    format(format: "bibtex" | "ris", options?: { format: "text" }): string;
  }
  /** The plugin registry: `plugins.config.get("@csl").templates` holds the CSL styles by name. */
  export const plugins: { config: { get(name: string): unknown } };
}
declare module "@citation-js/plugin-csl";
declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";

declare module "@natlibfi/marc-record" {
  export class MarcRecord {
    constructor(
      record: {
        leader: string;
        fields: Array<{ tag: string; value?: string; ind1?: string; ind2?: string; subfields?: Array<{ code: string; value: string }> }>;
      },
      validationOptions?: Record<string, boolean>,
    );
  }
}
