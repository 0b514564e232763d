import { filledRows, type RowOperator } from "~/schemas/search";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The advanced search's rows in words when a row joins with OR or NOT (ADR 257), e.g. "(Título: ecologia OU
 * Autor: silva) NÃO Assunto: poesia": each filled row as "field: words", its operator before it, the first two in
 * parentheses when a third joins them otherwise (the rows are read left to right). Null when every row joins
 * with AND (the summary then stays the plain list of words).
 */
export function joinedRowsText(
  values: { titulo?: string; autor?: string; assunto?: string; op_autor?: RowOperator; op_assunto?: RowOperator },
  fieldLabel: (row: "titulo" | "autor" | "assunto") => string,
  t: Translate,
): string | null {
  const rows = filledRows(values);
  if (rows.every((r) => r.operator === "E")) return null;
  const op = (o: RowOperator) => t(`catalogue:advanced.operators.${o}`);
  return rows.reduce((acc, r, i) => {
    const part = `${fieldLabel(r.row)}: ${r.text}`;
    if (i === 0) return part;
    const grouped = i === 2 && rows[1].operator !== r.operator ? `(${acc})` : acc;
    return `${grouped} ${op(r.operator)} ${part}`;
  }, "");
}
