import { withParams } from "~/components/search/search-url";
import { cleanHeading, headingKey } from "../../../contract/headings";

export type HeadingKind = "autor" | "assunto" | "serie" | "editora";

/**
 * Where a heading of the title page leads: the authority page when the title is linked to an authority with
 * that heading, otherwise the matching catalogue search (author and subject searches by field; series and
 * publisher as a free-text search, the search having no field of their own).
 */
export function headingHref(
  kind: HeadingKind,
  value: string,
  authorities: ReadonlyArray<{ cod_autoridade: number; cabecalho: string }>,
): { href: string; authority: boolean } {
  const key = headingKey(value);
  const authority = key ? authorities.find((a) => headingKey(a.cabecalho) === key) : undefined;
  if (authority) return { href: `/autoridade/${authority.cod_autoridade}`, authority: true };
  const termo = cleanHeading(kind === "serie" ? (value.split(";")[0] ?? value) : value);
  const tipo = kind === "autor" || kind === "assunto" ? kind : "livre";
  return { href: `/${withParams("", { termo, tipo })}`, authority: false };
}
