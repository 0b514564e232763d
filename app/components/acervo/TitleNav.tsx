import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";

/** The title's pages (spec §2 "/acervo/{codAcervo}/…"), in the order a patron needs them. */
export const TITLE_PAGES = [
  { key: "detalhe", path: "" },
  { key: "exemplares", path: "exemplares" },
  { key: "referencia", path: "referencia" },
  { key: "marc", path: "marc" },
  { key: "dublinCore", path: "dublin-core" },
  { key: "sumariosLivros", path: "sumarios-livros" },
  { key: "kardex", path: "colecao-kardex" },
  { key: "sumarios", path: "sumarios" },
  { key: "estatisticas", path: "dados-estatisticos" },
  { key: "acervoFechado", path: "acervo-fechado" },
] as const;
export type TitlePageKey = (typeof TITLE_PAGES)[number]["key"];

/** The path of one of a title's pages. */
export function titlePageHref(codAcervo: number, path: string): string {
  return path ? `/acervo/${codAcervo}/${path}` : `/acervo/${codAcervo}`;
}

/** Navigation between a title's pages; the current one is marked with aria-current. The closed-stacks page is only for a title in closed stacks. */
export function TitleNav({ codAcervo, current, closed }: { codAcervo: number; current: TitlePageKey; closed: boolean }) {
  const { t } = useTranslation("acervo");
  return (
    <nav className="title-nav" aria-label={t("nav.label")}>
      <ul>
        {TITLE_PAGES.filter((p) => closed || p.key !== "acervoFechado").map((p) => (
          <li key={p.key}>
            <Link to={titlePageHref(codAcervo, p.path)} aria-current={p.key === current ? "page" : undefined}>
              {t(`pages.${p.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
