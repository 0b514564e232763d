import type { Key, ReactNode } from "react";
import { Link } from "~/framework/Link";

/** One column of an account table. */
export interface AccountColumn<Row> {
  /** The column's header: a `th scope="col"`. */
  header: ReactNode;
  /** The column's cell in a row. */
  cell: (row: Row) => ReactNode;
  /** This column names the row: its cells are `th scope="row"` (one column per table). */
  rowHeader?: boolean;
  /** The cell's language when it is not the page's (a record's title, the library's vocabulary). */
  lang?: (row: Row) => string | undefined;
  /** The cell's id (for a control elsewhere in the row to point at it). */
  id?: (row: Row) => string | undefined;
  /** The table is ordered by this column: its header's `aria-sort`. */
  sort?: "ascending" | "descending";
}

/** The optional first column: a checkbox per row, whose label names its item. */
export interface AccountSelection<Row> {
  /** The column's header (e.g. "Select"). */
  header: ReactNode;
  /** The checkboxes' form field name. */
  name: string;
  value: (row: Row) => string | number;
  /** What the checkbox selects, in words ("Select Dom Casmurro"). */
  label: (row: Row) => string;
  /** The checkbox's id (to point at it from elsewhere; needed by `hiddenLabel`). */
  id?: (row: Row) => string;
  /** The label is a visually hidden `<label for>` rather than the checkbox's `aria-label`. */
  hiddenLabel?: boolean;
  checked?: (row: Row) => boolean | undefined;
  /** Rows that cannot be selected get an empty cell. */
  selectable?: (row: Row) => boolean;
  describedBy?: (row: Row) => string | undefined;
  /** The selection was refused (the checkboxes are `aria-invalid`). */
  invalid?: boolean;
  className?: string;
}

export interface AccountTableProps<Row> {
  /** The table's caption; it also names the scrollable region. */
  caption: string;
  /** With an id on the caption the region is `aria-labelledby` it; without, its `aria-label` is the caption. */
  captionId?: string;
  columns: readonly AccountColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  selection?: AccountSelection<Row>;
  /** The table's `<tfoot>` rows (totals). */
  footer?: ReactNode;
  /** Shown instead of the table when there are no rows (a sentence, never a blank). */
  empty?: ReactNode;
  /** A row's class (a state the row is drawn in, e.g. overdue). */
  rowClassName?: (row: Row) => string | undefined;
}

/**
 * A table of the private area ("Meu …" screens): a caption, column headers with `scope`, one row-header column,
 * an optional selection column whose checkboxes name their item, and an empty state. It sits in a region that
 * scrolls sideways on narrow screens and is reachable by keyboard (WCAG 1.4.10, 2.1.1).
 */
export function AccountTable<Row>({ caption, captionId, columns, rows, rowKey, selection, footer, empty, rowClassName }: AccountTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p className="account-list__empty">{empty}</p>;
  const region = captionId ? { "aria-labelledby": captionId } : { "aria-label": caption };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="account-table-wrap" role="region" {...region} tabIndex={0}>
      <table className="account-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {selection ? <th scope="col">{selection.header}</th> : null}
            {columns.map((c, i) => (
              <th key={i} scope="col" aria-sort={c.sort}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {selection ? <td>{selectionCell(selection, row)}</td> : null}
              {columns.map((c, i) => {
                const lang = c.lang?.(row);
                const id = c.id?.(row);
                return c.rowHeader ? (
                  <th key={i} scope="row" id={id} lang={lang}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={i} id={id} lang={lang}>
                    {c.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}

function selectionCell<Row>(s: AccountSelection<Row>, row: Row) {
  if (s.selectable && !s.selectable(row)) return null;
  const id = s.id?.(row);
  const labelElement = s.hiddenLabel && id !== undefined;
  return (
    <>
      <input
        type="checkbox"
        name={s.name}
        value={s.value(row)}
        id={id}
        className={s.className}
        aria-label={labelElement ? undefined : s.label(row)}
        aria-describedby={s.describedBy?.(row)}
        aria-invalid={s.invalid ? true : undefined}
        defaultChecked={s.checked?.(row)}
      />
      {labelElement ? (
        <label htmlFor={id} className="visually-hidden">
          {s.label(row)}
        </label>
      ) : null}
    </>
  );
}

/** A row that names a title of the catalogue: its id, its title and the record's language (MARC 008/041). */
interface TitleRow {
  codAcervo: number;
  title: string;
  language?: string | null;
}

/**
 * The row-header column many account tables start with: the title, linked to its page, marked with the record's
 * language (`recordLang`: `useLangOfParts().record`).
 */
export function titleColumn<Row extends TitleRow>(
  header: ReactNode,
  recordLang: (language: string | null | undefined) => string | undefined,
): AccountColumn<Row> {
  return {
    header,
    rowHeader: true,
    cell: (row) => (
      <Link to={`/acervo/${row.codAcervo}`} lang={recordLang(row.language)}>
        {row.title}
      </Link>
    ),
  };
}
