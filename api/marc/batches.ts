/**
 * The database-free half of the MARC import: reads files record by record and turns each batch into what the
 * writer needs — bibliographic records mapped onto their rows and their search index entry, authority records
 * as read, bad records with their numbers. The importer runs it in its own thread, or (bulk mode, ADR 101) in
 * a worker thread that works on the next batch while the importer writes the last one. Everything it yields is
 * plain data (structured-clone safe).
 */
import fs from "node:fs";
import path from "node:path";
import { distinctTerms, indexReadsMarcField, titleIndexEntry, type TitleIndexEntry } from "../search/index.ts";
import { mapCopies, mapTitle, recordKind, sourceKey, type CopyData, type LinkRow, type TitleData } from "./map.ts";
import { streamRecords } from "./read.ts";
import { controlValue, marcInJsonText, toMarcInJson, type MarcRecord } from "./types.ts";

/** Why a bibliographic record without a title and without a control number is not imported. */
export const NO_TITLE_NOR_NUMBER = "record has no title (245, 130, 240, 242 or 246) and no control number (001)";

/** A bibliographic record mapped onto its rows and its index entry; copies still name their source branch. */
export interface PreparedTitle {
  recordNumber: number;
  chave: string;
  /** MARC-in-JSON, as stored in `acervo.marc`. */
  marc: string;
  title: TitleData;
  links: LinkRow[];
  headingKeys: string[];
  copies: CopyData[];
  index: TitleIndexEntry;
}

/** One record of a batch, in file order. */
export type BatchItem =
  | { kind: "title"; recordNumber: number; title: PreparedTitle }
  | { kind: "authority"; recordNumber: number; record: MarcRecord }
  /** Unreadable, or read but not mappable onto a title: reported by number. */
  | { kind: "unreadable"; recordNumber: number; message: string }
  | { kind: "unmapped"; recordNumber: number; message: string }
  /** A standalone holdings record (MFHD): no bibliographic data to show. */
  | { kind: "holdings"; recordNumber: number };

/**
 * What {@link readBatches} yields, per file: its batches, then its end (with why reading stopped early, if it
 * did); or `missing` alone when the file cannot be opened.
 */
export type ReadEvent =
  /** `terms`: the text index terms of the batch's titles (what {@link titleIndexEntry} collected), for the writer. */
  | { type: "batch"; file: string; items: BatchItem[]; terms: string[]; bytesRead: number; bytesTotal: number }
  | { type: "end"; file: string; bytesTotal: number; error?: string }
  | { type: "missing"; file: string; error: string };

export interface ReadOptions {
  /** Records per batch: batch k of a file holds its records k × batchSize + 1 to (k + 1) × batchSize. */
  batchSize: number;
  /**
   * Read only every `of`-th batch of each file, starting with batch `index` (0-based): several readers share a
   * file this way, each decoding and mapping its own batches. Default: every batch.
   */
  part?: { index: number; of: number };
  /** Give a title with no item fields one copy in the default library; online-only titles excepted. */
  copyWhenMissing: boolean;
}

/**
 * Maps one bibliographic record onto its rows and computes its index entry (throws when it cannot be mapped);
 * `terms` collects its text index terms (see titleIndexEntry).
 */
export function prepareTitle(record: MarcRecord, recordNumber: number, copyWhenMissing: boolean, terms?: Set<string>): PreparedTitle {
  const { title, links, headingKeys, untitled } = mapTitle(record);
  // Nothing to show and nothing to key it by (random bytes, an empty record): a bad record, not an "[s.t.]" title
  // whose content-hash key every other such record would share (ADR 102).
  if (untitled && !controlValue(record, "001")?.trim()) throw new Error(NO_TITLE_NOR_NUMBER);
  let copies = mapCopies(record);
  if (!copies.length && copyWhenMissing && title.acesso_remoto !== "cr") {
    copies = [
      { codigo_barras: null, library: undefined, localizacao: null, chamada: null, situacao: "disponivel", volume: null, tipo_emprestimo: "normal" },
    ];
  }
  // The index reads a few MARC fields: its MARC-in-JSON object holds just those (the stored text has them all).
  const indexed = toMarcInJson({ leader: record.leader, fields: record.fields.filter((f) => indexReadsMarcField(f.tag)) });
  const index = titleIndexEntry({ ...title, marc: indexed, links: links.map((l) => l.url) }, terms);
  return { recordNumber, chave: sourceKey(record), marc: marcInJsonText(record), title, links, headingKeys, copies, index };
}

/** Reads `files` in order and yields their records in batches, each bibliographic record already prepared. */
export async function* readBatches(files: string[], opts: ReadOptions): AsyncGenerator<ReadEvent> {
  for (const file of files) {
    const label = path.basename(file);
    let bytesTotal: number;
    try {
      bytesTotal = fs.statSync(file).size;
    } catch (e) {
      yield { type: "missing", file: label, error: e instanceof Error ? e.message : String(e) };
      continue;
    }
    const { index, of } = opts.part ?? { index: 0, of: 1 };
    const batchOf = (recordNumber: number) => Math.floor((recordNumber - 1) / opts.batchSize);
    let items: BatchItem[] = [];
    let terms = new Set<string>();
    const batch = () => ({ type: "batch" as const, file: label, items, terms: [...distinctTerms(terms)], bytesRead, bytesTotal });
    let current = index;
    let bytesRead = 0;
    let error: string | undefined;
    try {
      for await (const r of streamRecords(file, (n) => batchOf(n) % of === index)) {
        if (batchOf(r.recordNumber) !== current) {
          if (items.length) yield batch();
          items = [];
          terms = new Set();
          current = batchOf(r.recordNumber);
        }
        bytesRead = r.bytesRead;
        if (!r.record) {
          items.push({ kind: "unreadable", recordNumber: r.recordNumber, message: r.error ?? "unreadable record" });
          continue;
        }
        const kind = recordKind(r.record);
        if (kind === "holdings") items.push({ kind: "holdings", recordNumber: r.recordNumber });
        else if (kind === "authority") items.push({ kind: "authority", recordNumber: r.recordNumber, record: r.record });
        else {
          try {
            items.push({ kind: "title", recordNumber: r.recordNumber, title: prepareTitle(r.record, r.recordNumber, opts.copyWhenMissing, terms) });
          } catch (e) {
            items.push({ kind: "unmapped", recordNumber: r.recordNumber, message: e instanceof Error ? e.message : String(e) });
          }
        }
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (items.length) yield batch();
    yield { type: "end", file: label, bytesTotal, error };
  }
}
