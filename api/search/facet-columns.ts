import { sql, type RawBuilder } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { DERIVED_FACET_TYPES, type DerivedFacetType } from "./derived-facets.ts";
import { NO_YEAR, type FilterType, type SelectedFilters } from "./filters.ts";
import { classExpr, idList } from "./sql-fragments.ts";

/**
 * What the facets count of each title, in memory, one typed array per column (ADR 105, "Facet columns in
 * memory"): its type of work, year, language, "only with" flags, class, libraries and derived facet values
 * (the last two as lists: an offsets array and a values array). Counting a hit set's facets is then a loop
 * over typed arrays, about a tenth of a microsecond a title, where reading each title's rows in SQL costs
 * 6–11 µs (a broad word's sample of 8,000 titles: 87 ms in SQL).
 *
 * Always exact: the catalogue's change log (migration 077: triggers on every table the facets read) says which
 * titles changed since the columns were read, and each count first re-reads those titles (`refresh`). When too
 * many changed, the columns are rebuilt in the background and the facets are counted in SQL meanwhile.
 *
 * Memory: about 55 bytes a title (55 MB at a million titles, in each API process).
 */

/** One title's facet data (`overlay` rows: titles read again after a change; `null` when deleted). */
interface TitleRow {
  tipo: number;
  ano: number;
  idioma: number;
  flags: number;
  classe: number;
  libs: Int32Array;
  vals: Int32Array;
}

/** A title as the count reads it: its row, its lists as ranges of them (`l0`–`l1`, `v0`–`v1`; no copy). */
interface Cursor extends TitleRow {
  l0: number;
  l1: number;
  v0: number;
  v1: number;
}

/** The "only with" flags: C cover, O online, A accessibility (as `flags` bits). */
const X_BITS: Record<string, number> = { C: 1, O: 2, A: 4 };
/** A title present in the catalogue (a `flags` bit): ids of deleted titles and gaps have it clear. */
const PRESENT = 128;
/** `ano` of a title without a year. */
const NO_ANO = -2147483648;

/** Derived types by index (1-based in `valueType`; 0 = unknown value). */
const DERIVED_INDEX = new Map<string, number>(DERIVED_FACET_TYPES.map((t, i) => [t, i + 1]));

/** Titles read per statement when building. */
const CHUNK = 5_000;
/** The overlay of patched titles is folded into a rebuild past this size. */
const OVERLAY_MAX = 50_000;

/** A growable Int32 list. */
class IntList {
  a = new Int32Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
  done(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

export class FacetColumns {
  /** The change-log position these columns reflect. */
  seq: number;
  readonly size: number;
  readonly tipo: Int32Array;
  readonly ano: Int32Array;
  readonly idioma: Uint32Array;
  readonly flags: Uint8Array;
  readonly classe: Uint32Array;
  readonly libOff: Int32Array;
  readonly libs: Int32Array;
  readonly valOff: Int32Array;
  readonly vals: Int32Array;
  /** Titles read after a change (or beyond `size`), `null` when deleted. */
  readonly overlay = new Map<number, TitleRow | null>();
  /** Strings of languages and classes; index 0 is SQL NULL. */
  readonly strings: string[] = [""];
  private readonly stringIndex = new Map<string, number>();
  /** A derived value's type (DERIVED_INDEX), by value id. */
  valueType: Uint8Array = new Uint8Array(0);

  constructor(seq: number, size: number) {
    this.seq = seq;
    this.size = size;
    this.tipo = new Int32Array(size);
    this.ano = new Int32Array(size);
    this.idioma = new Uint32Array(size);
    this.flags = new Uint8Array(size);
    this.classe = new Uint32Array(size);
    this.libOff = new Int32Array(size + 1);
    this.valOff = new Int32Array(size + 1);
    this.libs = new Int32Array(0);
    this.vals = new Int32Array(0);
  }

  /** The index of a string (a language or a class); null is 0. */
  str(s: string | null): number {
    if (s === null) return 0;
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.stringIndex.set(s, i);
    }
    return i;
  }

  /** The index of a string already seen, or -1 (a selected value no title has). */
  strIfAny(s: string): number {
    return this.stringIndex.get(s) ?? -1;
  }

  private counts = { tot: new Int32Array(0), sem: new Int32Array(0) };

  /** Two counts per value id, every one 0 (countColumns adds to the ones it uses and resets them). */
  valueCounts(): { tot: Int32Array; sem: Int32Array } {
    if (this.counts.tot.length < this.valueType.length) {
      this.counts = { tot: new Int32Array(this.valueType.length), sem: new Int32Array(this.valueType.length) };
    }
    return this.counts;
  }

  setValueType(id: number, tipo: string): void {
    if (id >= this.valueType.length) {
      const b = new Uint8Array(Math.max(id + 1, this.valueType.length * 2, 1024));
      b.set(this.valueType);
      this.valueType = b;
    }
    this.valueType[id] = DERIVED_INDEX.get(tipo) ?? 0;
  }

  /** Points `c` at a title's data; false when there is no such title. */
  read(id: number, c: Cursor): boolean {
    if (this.overlay.size) {
      const o = this.overlay.get(id);
      if (o === null) return false;
      if (o) {
        c.tipo = o.tipo;
        c.ano = o.ano;
        c.idioma = o.idioma;
        c.flags = o.flags;
        c.classe = o.classe;
        c.libs = o.libs;
        c.l0 = 0;
        c.l1 = o.libs.length;
        c.vals = o.vals;
        c.v0 = 0;
        c.v1 = o.vals.length;
        return true;
      }
    }
    if (id < 0 || id >= this.size || !(this.flags[id]! & PRESENT)) return false;
    c.tipo = this.tipo[id]!;
    c.ano = this.ano[id]!;
    c.idioma = this.idioma[id]!;
    c.flags = this.flags[id]!;
    c.classe = this.classe[id]!;
    c.libs = this.libs;
    c.l0 = this.libOff[id]!;
    c.l1 = this.libOff[id + 1]!;
    c.vals = this.vals;
    c.v0 = this.valOff[id]!;
    c.v1 = this.valOff[id + 1]!;
    return true;
  }
}

/**
 * The SQLite triggers of the change log (migration 077): on `acervo`, `acervo_link`, `exemplar` and
 * `acervo_faceta`, one per event (insert, delete, update). A bulk import drops them for the load and logs each
 * batch's titles with `logTitleChanges` instead (a row per written row costs about 6 % of its CPU).
 */
export const CHANGE_LOG_TRIGGERS = ["acervo", "acervo_link", "exemplar", "acervo_faceta"].flatMap((t) =>
  ["i", "d", "u"].map((e) => `${t}_mudou_${e}`),
);

/** Logs a change of the listed titles, as the triggers would (SQLite; inside the writer's transaction). */
export async function logTitleChanges(trx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await sql`UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1`.execute(trx);
  await sql`INSERT INTO acervo_mudanca (cod_acervo, seq)
            SELECT m.value, v.seq FROM json_each(${JSON.stringify(ids)}) m CROSS JOIN catalogo_versao v WHERE v.id = 1
            ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq`.execute(trx);
}

/** The facet columns of each database, and whether a (re)build is under way. */
interface Slot {
  cols: FacetColumns | null;
  building: Promise<void> | null;
  /** The refresh under way (reading the change log and patching), which the next call waits for. */
  refreshing: Promise<void> | null;
}
const slots = new WeakMap<Db, Slot>();

/** Whether the columns are used, and their thresholds (tests and benches change them; nothing else does). */
export const facetColumnsSettings = {
  enabled: true,
  /** Above this many changed titles, the columns are rebuilt instead of patched. */
  patchMax: 20_000,
  /** Catalogues up to this many titles are read before the first count; larger ones in the background. */
  syncMax: 50_000,
};

/** Tests and benches: forget a database's columns (the next count reads them again). */
export function clearFacetColumns(db: Db): void {
  slots.delete(db);
}

/**
 * The facet columns of `db`, brought up to date with the change log; null when they are not ready (being built
 * in the background, or turned off): the caller then counts in SQL.
 */
export async function facetColumns(db: Db): Promise<FacetColumns | null> {
  if (!facetColumnsSettings.enabled) return null;
  let slot = slots.get(db);
  if (!slot) slots.set(db, (slot = { cols: null, building: null, refreshing: null }));
  // One refresh at a time: two patching the same columns at once could leave the older read of a title last.
  while (slot.refreshing) await slot.refreshing;
  const run = refresh(db, slot);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  slot.refreshing = done;
  try {
    return await run;
  } finally {
    if (slot.refreshing === done) slot.refreshing = null;
  }
}

async function refresh(db: Db, slot: Slot): Promise<FacetColumns | null> {
  for (;;) {
    const seq = await currentSeq(db);
    const cols = slot.cols;
    if (cols && cols.seq === seq) return cols;
    if (cols) {
      const { rows } = await sql<{ id: number; seq: number }>`
        SELECT cod_acervo AS id, seq FROM acervo_mudanca WHERE seq > ${cols.seq} ORDER BY seq LIMIT ${facetColumnsSettings.patchMax + 1}`.execute(db);
      if (rows.length <= facetColumnsSettings.patchMax) {
        await patch(db, cols, [...new Set(rows.map((r) => Number(r.id)))]);
        // Each title was read after its logged change; changes committed since have a larger seq, read next time.
        cols.seq = Math.max(seq, ...rows.map((r) => Number(r.seq)));
        if (cols.overlay.size > OVERLAY_MAX) startBuild(db, slot);
        return cols;
      }
    }
    // No columns yet, or too many changes: (re)build. A small catalogue waits for it (then the loop brings the new
    // columns up to date); a large one is counted in SQL until the build is done.
    const titles = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM acervo`.execute(db)).rows[0]?.n ?? 0);
    const build = startBuild(db, slot);
    if (titles > facetColumnsSettings.syncMax) return null;
    await build;
    if (!slot.cols) return null; // the build failed: counted in SQL, tried again next time
  }
}

async function currentSeq(db: Db): Promise<number> {
  const { rows } = await sql<{ seq: number }>`SELECT seq FROM catalogo_versao WHERE id = 1`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

function startBuild(db: Db, slot: Slot): Promise<void> {
  if (!slot.building) {
    slot.building = build(db)
      .then(
        (cols) => {
          // Rebuilt while someone cleared the slot: keep the new one only if it is still this slot.
          if (slots.get(db) === slot) slot.cols = cols;
        },
        () => {
          /* counted in SQL; the next count tries again */
        },
      )
      .finally(() => {
        slot.building = null;
      });
  }
  return slot.building;
}

/** The rows of the titles `where` selects (given the id column), in three statements. */
function readers(db: Db, where: (id: RawBuilder<unknown>) => RawBuilder<unknown>) {
  const online = sql`(a.acesso_remoto = 'cr' OR EXISTS (SELECT 1 FROM acervo_link l WHERE l.cod_acervo = a.cod_acervo))`;
  const pg = dialectOf(db) === "postgres";
  const list = (column: string, distinct: boolean) =>
    pg
      ? sql`string_agg(${sql.raw(distinct ? "DISTINCT " : "")}CAST(${sql.ref(column)} AS text), ',')`
      : sql`group_concat(${sql.raw(distinct ? "DISTINCT " : "")}${sql.ref(column)})`;
  return {
    titles: sql<{ id: number; t: number; y: number | null; i: string; x: number; k: string | null }>`
      SELECT a.cod_acervo AS id, a.cod_tipo_obra AS t, a.ano_publicacao AS y, coalesce(a.idioma, 'und') AS i,
             (CASE WHEN a.link_capa IS NOT NULL THEN 1 ELSE 0 END) + (CASE WHEN ${online} THEN 2 ELSE 0 END)
               + (CASE WHEN a.possui_acessibilidade = 'S' THEN 4 ELSE 0 END) AS x,
             ${classExpr} AS k
      FROM acervo a WHERE ${where(sql`a.cod_acervo`)}`.execute(db),
    libs: sql<{ id: number; v: string }>`
      SELECT cod_acervo AS id, ${list("cod_biblioteca", true)} AS v FROM exemplar WHERE ${where(sql`cod_acervo`)} GROUP BY cod_acervo`.execute(db),
    vals: sql<{ id: number; v: string }>`
      SELECT cod_acervo AS id, ${list("cod_valor", false)} AS v FROM acervo_faceta WHERE ${where(sql`cod_acervo`)} GROUP BY cod_acervo`.execute(db),
  };
}

/** `column IN (ids)`, the list bound as one parameter. */
function inList(db: Db, column: RawBuilder<unknown>, ids: readonly number[]): RawBuilder<unknown> {
  return sql`${column} IN (${idList(db, ids)})`;
}

const numbers = (v: string | null | undefined): number[] => (v ? v.split(",").map(Number) : []);

/** Reads every title's facet data, CHUNK titles a statement, yielding to other requests between them. */
async function build(db: Db): Promise<FacetColumns> {
  const seq = await currentSeq(db);
  const max = Number((await sql<{ n: number | null }>`SELECT max(cod_acervo) AS n FROM acervo`.execute(db)).rows[0]?.n ?? 0);
  const cols = new FacetColumns(seq, max + 1);
  for (const r of (await sql<{ id: number; tipo: string }>`SELECT cod_valor AS id, tipo FROM faceta_valor`.execute(db)).rows) {
    cols.setValueType(Number(r.id), r.tipo);
  }
  const libs = new IntList();
  const vals = new IntList();
  for (let lo = 0; lo <= max; lo += CHUNK) {
    const hi = Math.min(max, lo + CHUNK - 1);
    const read = readers(db, (id) => sql`${id} BETWEEN ${lo} AND ${hi}`);
    const [titles, libRows, valRows] = await Promise.all([read.titles, read.libs, read.vals]);
    for (const r of titles.rows) {
      const id = Number(r.id);
      cols.tipo[id] = Number(r.t);
      cols.ano[id] = r.y === null ? NO_ANO : Number(r.y);
      cols.idioma[id] = cols.str(r.i);
      cols.flags[id] = Number(r.x) | PRESENT;
      cols.classe[id] = cols.str(r.k);
    }
    // Each list in id order: offsets filled for every id of the chunk.
    const fill = (rows: Array<{ id: number; v: string }>, off: Int32Array, list: IntList) => {
      const byId = new Map(rows.map((r) => [Number(r.id), r.v]));
      for (let id = lo; id <= hi; id++) {
        off[id] = list.n;
        for (const v of numbers(byId.get(id))) list.push(v);
      }
      off[hi + 1] = list.n;
    };
    fill(libRows.rows, cols.libOff, libs);
    fill(valRows.rows, cols.valOff, vals);
    await new Promise((resolve) => setImmediate(resolve));
  }
  (cols as { libs: Int32Array }).libs = libs.done();
  (cols as { vals: Int32Array }).vals = vals.done();
  // What changed while the chunks were read (a chunk may predate it): read again.
  const { rows } = await sql<{ id: number; seq: number }>`SELECT cod_acervo AS id, seq FROM acervo_mudanca WHERE seq > ${seq}`.execute(db);
  if (rows.length) {
    await patch(db, cols, [...new Set(rows.map((r) => Number(r.id)))]);
    cols.seq = Math.max(seq, ...rows.map((r) => Number(r.seq)));
  }
  return cols;
}

/** Reads the listed titles again into the overlay (a title no longer there becomes null). */
async function patch(db: Db, cols: FacetColumns, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const read = readers(db, (id) => inList(db, id, chunk));
    const [titles, libRows, valRows] = await Promise.all([read.titles, read.libs, read.vals]);
    const libsOf = new Map(libRows.rows.map((r) => [Number(r.id), numbers(r.v)]));
    const valsOf = new Map(valRows.rows.map((r) => [Number(r.id), numbers(r.v)]));
    for (const id of chunk) cols.overlay.set(id, null);
    for (const r of titles.rows) {
      const id = Number(r.id);
      cols.overlay.set(id, {
        tipo: Number(r.t),
        ano: r.y === null ? NO_ANO : Number(r.y),
        idioma: cols.str(r.i),
        flags: Number(r.x) | PRESENT,
        classe: cols.str(r.k),
        libs: Int32Array.from(libsOf.get(id) ?? []),
        vals: Int32Array.from(valsOf.get(id) ?? []),
      });
    }
    // The types of their values, read again: a value id can be new, or (deleted and its id taken again by
    // another value) no longer of the type it was.
    const values = [...new Set([...valsOf.values()].flat())];
    for (let j = 0; j < values.length; j += CHUNK) {
      const { rows } = await sql<{ id: number; tipo: string }>`
        SELECT cod_valor AS id, tipo FROM faceta_valor WHERE ${inList(db, sql`cod_valor`, values.slice(j, j + CHUNK))}`.execute(db);
      for (const r of rows) cols.setValueType(Number(r.id), r.tipo);
    }
  }
}

/** One facet value's exact counts (ADR 265): `total` with every selected filter, `sem` without its own type's. */
export interface CountedValue {
  tipo: FilterType;
  /** Its code; a derived value's id until it is labelled. */
  codigo: string;
  valor: number | null;
  total: number;
  sem: number;
}

/** What a count needs beyond the titles: the selection, with the selected derived values as ids. */
export interface ColumnCount {
  types: FilterType[];
  flagged: FilterType[];
  selected: SelectedFilters;
  /** Ids of the selected derived values, by type. */
  derivedIds: Partial<Record<DerivedFacetType, number[]>>;
  /** Library → campus (only needed with the NA_C type). */
  campusOf: Map<number, number> | null;
}

/** Keys of the plain types counted through a dense slot table (a year, a library id, a string's index). */
const DENSE = 4_096;

/**
 * The exact facet counts of `ids` (every text match of a search; ADR 265), with the semantics of the SQL
 * statement in `searchFacets` (facets.ts) over every match, which a test compares it with. A title passing every
 * selected type counts for each type's values in `total` and `sem`; a title failing exactly one selected type
 * counts only for that type's values, in `sem` ("without this filter"); any other title for nothing. Derived
 * values come back by id (`valor`), every one of them; the caller keeps the top ones.
 *
 * One loop per facet type: a first pass keeps the titles that count (and, with a selection, which type each one
 * fails), then each plain type is counted in its own tight loop over its column, into a dense table of keys (a
 * map beyond it), and the derived values in one loop over the value lists, into arrays over every value id (reset
 * after the count). Titles read again after a change (the overlay) are counted one by one beside them.
 */
export function countColumns(cols: FacetColumns, q: ColumnCount, ids: ArrayLike<number>): CountedValue[] {
  const nf = q.flagged.length;
  const tests = q.flagged.map((t) => passTest(cols, t, q));
  const failIndex = Int32Array.from(q.types.map((t) => q.flagged.indexOf(t)));
  const kinds = Int32Array.from(q.types.map((t) => PLAIN_KINDS.indexOf(t)));
  const ntypes = kinds.length;
  const r: Cursor = { tipo: 0, ano: 0, idioma: 0, flags: 0, classe: 0, libs: cols.libs, l0: 0, l1: 0, vals: cols.vals, v0: 0, v1: 0 };
  /** The type a title fails (its flag index), -1 when it passes every one, -2 when it fails two or more. */
  const failing = (): number => {
    let f = -1;
    for (let j = 0; j < nf; j++) {
      if (!tests[j]!(r)) {
        if (f >= 0) return -2;
        f = j;
      }
    }
    return f;
  };

  // Pass 1: the titles that count, read from the columns (`base`, with their failed type in `fail`), and those
  // read from the overlay (`late`).
  const n = ids.length;
  const base = new Int32Array(n);
  const fail = nf ? new Int8Array(n) : null;
  let nb = 0;
  const late: Array<{ row: TitleRow; fail: number }> = [];
  const overlay = cols.overlay.size ? cols.overlay : null;
  const flagsCol = cols.flags;
  const size = cols.size;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    if (overlay?.has(id)) {
      if (!cols.read(id, r)) continue;
      const f = nf ? failing() : -1;
      if (f !== -2) late.push({ row: { ...r, libs: r.libs.slice(r.l0, r.l1), vals: r.vals.slice(r.v0, r.v1) }, fail: f });
      continue;
    }
    if (id < 0 || id >= size || !(flagsCol[id]! & PRESENT)) continue;
    if (fail) {
      cols.read(id, r);
      const f = failing();
      if (f === -2) continue;
      fail[nb] = f;
    }
    base[nb++] = id;
  }

  const out: CountedValue[] = [];
  // The plain types, each in its own loop.
  for (let ti = 0; ti < ntypes; ti++) {
    const kind = kinds[ti]!;
    if (kind < 0) continue;
    const mine = failIndex[ti]!;
    const tot = new Int32Array(DENSE);
    const sem = new Int32Array(DENSE);
    const far = new Map<number, { total: number; sem: number }>();
    const bumpFar = (key: number, total: number) => {
      const c = far.get(key);
      if (c) {
        c.total += total;
        c.sem++;
      } else far.set(key, { total, sem: 1 });
    };
    const bump = (key: number, total: number) => {
      if (key >= 0 && key < DENSE) {
        tot[key] += total;
        sem[key]++;
      } else bumpFar(key, total);
    };
    const campusOf = kind === 7 ? campusTable(q.campusOf) : null;
    const seen = kind === 7 ? new Int32Array(campusOf!.max + 1).fill(-1) : null;
    // One title's values of this type (`stamp`: a number unique to the title, for NA_C's distinct campuses).
    const countTitle = (t: TitleRow, l0: number, l1: number, stamp: number, total: number) => {
      switch (kind) {
        case 0: // T
          bump(t.tipo, total);
          break;
        case 1: // Y
          bump(t.ano, total);
          break;
        case 2: // I
          bump(t.idioma, total);
          break;
        case 3: // X
          if (t.flags & 1) bump(1, total);
          if (t.flags & 2) bump(2, total);
          if (t.flags & 4) bump(4, total);
          break;
        case 4: // K
        case 5: // NA_A
          if (t.classe !== 0) bump(t.classe, total);
          break;
        case 6: // B (a title's libraries are distinct)
          for (let i = l0; i < l1; i++) bump(t.libs[i]!, total);
          break;
        case 7: // NA_C
          for (let i = l0; i < l1; i++) {
            const c = campusOf!.get(t.libs[i]!);
            if (c >= 0 && seen![c] !== stamp) {
              seen![c] = stamp;
              bump(c, total);
            }
          }
          break;
      }
    };
    switch (kind) {
      case 0:
        countKeys(cols.tipo, base, nb, fail, mine, false, tot, sem, bumpFar);
        break;
      case 1:
        countKeys(cols.ano, base, nb, fail, mine, false, tot, sem, bumpFar);
        break;
      case 2:
        countKeys(cols.idioma, base, nb, fail, mine, false, tot, sem, bumpFar);
        break;
      case 4:
      case 5:
        countKeys(cols.classe, base, nb, fail, mine, true, tot, sem, bumpFar);
        break;
      case 3: {
        const fl = cols.flags;
        for (let k = 0; k < nb; k++) {
          const f = fail ? fail[k]! : -1;
          if (f >= 0 && f !== mine) continue;
          const total = f < 0 ? 1 : 0;
          const x = fl[base[k]!]!;
          if (x & 1) {
            tot[1] += total;
            sem[1]++;
          }
          if (x & 2) {
            tot[2] += total;
            sem[2]++;
          }
          if (x & 4) {
            tot[4] += total;
            sem[4]++;
          }
        }
        break;
      }
      default: {
        // B and NA_C: over each title's libraries.
        const off = cols.libOff;
        const libs = cols.libs;
        for (let k = 0; k < nb; k++) {
          const f = fail ? fail[k]! : -1;
          if (f >= 0 && f !== mine) continue;
          const id = base[k]!;
          const l0 = off[id]!;
          const l1 = off[id + 1]!;
          if (l0 === l1) continue;
          const total = f < 0 ? 1 : 0;
          if (kind === 6) {
            for (let i = l0; i < l1; i++) {
              const b = libs[i]!;
              if (b >= 0 && b < DENSE) {
                tot[b] += total;
                sem[b]++;
              } else bumpFar(b, total);
            }
          } else {
            r.libs = libs;
            countTitle(r, l0, l1, k, total);
          }
        }
      }
    }
    for (const [j, { row, fail: f }] of late.entries()) {
      if (f >= 0 && f !== mine) continue;
      countTitle(row, 0, row.libs.length, nb + j, f < 0 ? 1 : 0);
    }
    const t = q.types[ti]!;
    for (let key = 0; key < DENSE; key++) {
      if (sem[key]) out.push({ tipo: t, codigo: codeOf(cols, t, key), valor: null, total: tot[key]!, sem: sem[key]! });
    }
    for (const [key, c] of far) out.push({ tipo: t, codigo: codeOf(cols, t, key), valor: null, total: c.total, sem: c.sem });
  }

  // The derived values, in one loop over the value lists.
  const derivedSlot = new Int32Array(DERIVED_FACET_TYPES.length + 1).fill(-1);
  q.types.forEach((t, i) => {
    const d = DERIVED_INDEX.get(t);
    if (d) derivedSlot[d] = i;
  });
  if (!q.types.some((t) => DERIVED_INDEX.has(t))) return out;
  const valueType = cols.valueType;
  const { tot, sem } = cols.valueCounts();
  const touched = new IntList();
  const countValues = (vals: Int32Array, v0: number, v1: number, f: number) => {
    const total = f < 0 ? 1 : 0;
    for (let i = v0; i < v1; i++) {
      const v = vals[i]!;
      if (v < 0 || v >= valueType.length) continue;
      const ti = derivedSlot[valueType[v]!]!;
      if (ti < 0 || (f >= 0 && failIndex[ti] !== f)) continue;
      if (sem[v] === 0) touched.push(v);
      if (nf) tot[v] += total; // with no selection every title passes: total = sem
      sem[v]++;
    }
  };
  try {
    const off = cols.valOff;
    const vals = cols.vals;
    for (let k = 0; k < nb; k++) {
      const id = base[k]!;
      countValues(vals, off[id]!, off[id + 1]!, fail ? fail[k]! : -1);
    }
    for (const { row, fail: f } of late) countValues(row.vals, 0, row.vals.length, f);
    for (let i = 0; i < touched.n; i++) {
      const v = touched.a[i]!;
      out.push({ tipo: q.types[derivedSlot[valueType[v]!]!]!, codigo: String(v), valor: v, total: nf ? tot[v]! : sem[v]!, sem: sem[v]! });
    }
  } finally {
    for (let i = 0; i < touched.n; i++) {
      const v = touched.a[i]!;
      tot[v] = 0;
      sem[v] = 0;
    }
  }
  return out;
}

/**
 * One plain type's keys (`col`, by title id) over the titles that count: `total` and `sem` of a title passing
 * every type, `sem` alone of one failing only this type (`mine`); 0 skipped when `skipZero` (no class).
 */
function countKeys(
  col: Int32Array | Uint32Array,
  base: Int32Array,
  nb: number,
  fail: Int8Array | null,
  mine: number,
  skipZero: boolean,
  tot: Int32Array,
  sem: Int32Array,
  far: (key: number, total: number) => void,
): void {
  if (!fail) {
    for (let k = 0; k < nb; k++) {
      const key = col[base[k]!]!;
      if (key >= 0 && key < DENSE) {
        tot[key]++;
        sem[key]++;
      } else far(key, 1);
    }
  } else {
    for (let k = 0; k < nb; k++) {
      const f = fail[k]!;
      if (f >= 0 && f !== mine) continue;
      const key = col[base[k]!]!;
      const total = f < 0 ? 1 : 0;
      if (key >= 0 && key < DENSE) {
        tot[key] += total;
        sem[key]++;
      } else far(key, total);
    }
  }
  if (skipZero) {
    tot[0] = 0;
    sem[0] = 0;
  }
}

/** Library → campus as a table (-1: no campus), for NA_C's count. */
function campusTable(campusOf: Map<number, number> | null): { get: (lib: number) => number; max: number } {
  let max = 0;
  for (const c of campusOf?.values() ?? []) max = Math.max(max, c);
  return { get: (lib) => campusOf?.get(lib) ?? -1, max };
}

/** The types read from the title's own columns and copies, by kind number (countColumns' switch). */
const PLAIN_KINDS: readonly FilterType[] = ["T", "Y", "I", "X", "K", "NA_A", "B", "NA_C"];

/** What the columns' count needs beyond the selection: the selected derived values' ids, campuses of libraries. */
export async function columnQuery(db: Db, types: FilterType[], selected: SelectedFilters, flagged: FilterType[]): Promise<ColumnCount> {
  const chosen = flagged.filter((t): t is DerivedFacetType => DERIVED_INDEX.has(t));
  const derivedIds: Partial<Record<DerivedFacetType, number[]>> = {};
  if (chosen.length) {
    const list = await db
      .selectFrom("faceta_valor")
      .select(["cod_valor", "tipo"])
      .where((eb) => eb.or(chosen.map((t) => eb.and([eb("tipo", "=", t), eb("codigo", "in", selected[t]!)]))))
      .execute();
    for (const r of list) (derivedIds[r.tipo as DerivedFacetType] ??= []).push(Number(r.cod_valor));
  }
  const campusOf = types.includes("NA_C")
    ? new Map(
        (await db.selectFrom("biblioteca").select(["cod_biblioteca", "cod_campus"]).execute()).map((r) => [
          Number(r.cod_biblioteca),
          Number(r.cod_campus),
        ]),
      )
    : null;
  return { types, flagged, selected, derivedIds, campusOf };
}

/** Whether a title passes every selected type (`q.flagged`). */
export function passesAll(cols: FacetColumns, q: ColumnCount): (id: number) => boolean {
  const tests = q.flagged.map((t) => passTest(cols, t, q));
  const r: Cursor = { tipo: 0, ano: 0, idioma: 0, flags: 0, classe: 0, libs: cols.libs, l0: 0, l1: 0, vals: cols.vals, v0: 0, v1: 0 };
  return (id) => cols.read(id, r) && tests.every((test) => test(r));
}

/** A counted key as the facet's code (the SQL statement's text of it). */
function codeOf(cols: FacetColumns, t: FilterType, key: number): string {
  switch (t) {
    case "Y":
      return key === NO_ANO ? NO_YEAR : String(key);
    case "I":
    case "K":
    case "NA_A":
      return cols.strings[key]!;
    case "X":
      return key === 1 ? "C" : key === 2 ? "O" : "A";
    default:
      return String(key);
  }
}

/** Whether a title passes one type's selection (filterCondition's semantics, over the columns). */
function passTest(cols: FacetColumns, t: FilterType, q: ColumnCount): (r: Cursor) => boolean {
  const values = q.selected[t] ?? [];
  const any = (list: Int32Array, from: number, to: number, set: Set<number>) => {
    for (let i = from; i < to; i++) if (set.has(list[i]!)) return true;
    return false;
  };
  switch (t) {
    case "T": {
      const set = new Set(values.map(Number));
      return (r) => set.has(r.tipo);
    }
    case "Y": {
      const set = new Set(values.filter((v) => v !== NO_YEAR).map(Number));
      const none = values.includes(NO_YEAR);
      return (r) => (r.ano === NO_ANO ? none : set.has(r.ano));
    }
    case "I": {
      const set = new Set(values.map((v) => cols.strIfAny(v)));
      return (r) => set.has(r.idioma);
    }
    case "K":
    case "NA_A": {
      const set = new Set(values.map((v) => cols.strIfAny(v)));
      return (r) => r.classe !== 0 && set.has(r.classe);
    }
    case "X": {
      const mask = values.reduce((m, v) => m | (X_BITS[v] ?? 0), 0);
      return (r) => (r.flags & mask) !== 0;
    }
    case "B": {
      const set = new Set(values.map(Number));
      return (r) => any(r.libs, r.l0, r.l1, set);
    }
    case "NA_C": {
      const set = new Set(values.map(Number));
      const libs = new Set([...(q.campusOf ?? [])].filter(([, c]) => set.has(c)).map(([b]) => b));
      return (r) => any(r.libs, r.l0, r.l1, libs);
    }
    default: {
      const set = new Set(q.derivedIds[t as DerivedFacetType] ?? []);
      return (r) => any(r.vals, r.v0, r.v1, set);
    }
  }
}
