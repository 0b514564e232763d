import { Link } from "~/framework/Link";
import type { Fasciculo } from "~/lib/api/types/acervo";
import { formatDate } from "~/lib/i18n";
import { useTranslation } from "~/framework/use-translation";

/** "v. 35, n. 2, 2025": an issue as patrons cite it. */
export function useIssueLabel() {
  const { t } = useTranslation("acervo");
  return (f: Pick<Fasciculo, "volume" | "numero" | "ano">) => t("kardex.issue", { volume: f.volume ?? "–", numero: f.numero ?? "–", ano: f.ano });
}

/** A periodical's latest received issues on its title page (ADR 196), with the way to the whole kardex. */
export function LatestIssues({ codAcervo, issues }: { codAcervo: number; issues: Fasciculo[] }) {
  const { t, i18n } = useTranslation("acervo");
  const label = useIssueLabel();
  if (issues.length === 0) return null;
  return (
    <section aria-labelledby="ultimos-fasciculos">
      <h2 id="ultimos-fasciculos">{t("kardex.latest.heading")}</h2>
      <ul className="latest-issues">
        {issues.map((f) => (
          <li key={f.cod_fasciculo}>
            {t("kardex.latest.item", {
              fasciculo: label(f),
              biblioteca: f.biblioteca.desc_biblioteca,
              data: f.data_chegada ? formatDate(f.data_chegada, i18n.language) : "—",
            })}
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/acervo/${codAcervo}/colecao-kardex`}>{t("kardex.latest.all")}</Link>
      </p>
    </section>
  );
}
