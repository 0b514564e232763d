/** CSV downloads of the private area (loan history, current loans): one way to quote, one way to answer. */

/** A CSV cell: quoted, and a leading formula character neutralised (spreadsheet formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** A header and rows as one CSV text: UTF-8 with BOM (spreadsheets read the accents), CRLF line ends. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header.map(csvCell).join(","), ...rows.map((r) => r.map(csvCell).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The CSV as a private download named `filename` (ASCII, no quotes). */
export function csvResponse(body: string, filename: string): Response {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safe}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
