import { Link } from "~/framework/Link";
import { vocabularyText } from "~/lib/vocabulary";
import { useTranslation } from "~/framework/use-translation";

export interface ProfileTitleRow {
  codAcervo: number;
  titulo: string;
  autor: string | null;
  ano: number | null;
  tipo: string | null;
  area: string;
}

/** A page of catalogue titles of the interest profile's screens (areas of interest, check titles), with its pager. */
export function ProfileTitleList({
  headingId,
  rows,
  total,
  page,
  pages,
  pageHref,
}: {
  headingId: string;
  rows: ProfileTitleRow[];
  total: number;
  page: number;
  pages: number;
  pageHref: (page: number) => string;
}) {
  const { t } = useTranslation("interests");
  return (
    <>
      <p>{t("areas.titles_count", { count: total })}</p>
      <ul className="account-list" aria-labelledby={headingId}>
        {rows.map((r) => (
          <li key={r.codAcervo}>
            <Link to={`/acervo/${r.codAcervo}`}>{r.titulo}</Link>
            <p>{[r.autor, r.ano, r.tipo, r.area].filter(Boolean).join(" · ")}</p>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t("areas.pages")}>
          {page > 1 ? <Link to={pageHref(page - 1)}>{t("areas.previous")}</Link> : null} {t("areas.page_of", { page, pages })}{" "}
          {page < pages ? <Link to={pageHref(page + 1)}>{t("areas.next")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

/** The API's titles as the list shows them. */
export function profileTitleRows(
  rows: Array<{
    cod_acervo: number;
    titulo: string;
    autor?: string | null;
    ano_publicacao?: number | null;
    desc_tipo_obra?: string | null;
    area?: string;
    desc_area: string;
  }>,
  t: unknown,
): ProfileTitleRow[] {
  return rows.map((r) => ({
    codAcervo: r.cod_acervo,
    titulo: r.titulo,
    autor: r.autor ?? null,
    ano: r.ano_publicacao ?? null,
    tipo: r.desc_tipo_obra ?? null,
    area: r.area ? vocabularyText(t, "area", r.area, r.desc_area) : r.desc_area,
  }));
}
