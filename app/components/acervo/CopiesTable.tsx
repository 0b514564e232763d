import { hasTranslation, useTranslation } from "~/framework/use-translation";
import type { Exemplar } from "~/lib/api/types/catalogue";
import { formatDate } from "~/lib/i18n";

/** Translation of a known code, else the code itself (another backend may send values we do not know). */
function useCodeLabel(group: "status" | "loanTypes") {
  const { t, i18n } = useTranslation("catalogue");
  return (code: string | null) => {
    if (!code) return t("acervo.none");
    const key = `catalogue:acervo.${group}.${code}`;
    return hasTranslation(i18n, key) ? t(key) : code;
  };
}

/** The copies of a title as a table with a caption and column headers (spec §3: location, loan type, return date). */
export function CopiesTable({ titulo, exemplares }: { titulo: string; exemplares: Exemplar[] | null }) {
  const { t, i18n } = useTranslation("catalogue");
  const status = useCodeLabel("status");
  const loanType = useCodeLabel("loanTypes");

  if (exemplares === null) {
    return (
      <p className="notice notice--error" role="alert">
        {t("acervo.copiesError")}
      </p>
    );
  }
  if (exemplares.length === 0) return <p>{t("acervo.noCopies")}</p>;

  const available = exemplares.filter((e) => e.situacao === "disponivel").length;
  const hasVolumes = exemplares.some((e) => e.volume || e.tomo || e.parte);
  const none = t("acervo.none");

  return (
    <>
      <p>{t("acervo.copiesSummary", { available, count: exemplares.length })}</p>
      {/* A scrollable region must be reachable by keyboard on narrow screens (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" role="region" aria-labelledby="exemplares-legenda" tabIndex={0}>
        <table className="copies">
          <caption id="exemplares-legenda">
            {/* Wraps within the viewport even when the table itself scrolls sideways. */}
            <span className="copies__caption-text">{t("acervo.copiesCaption", { titulo })}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("acervo.columns.library")}</th>
              <th scope="col">{t("acervo.columns.location")}</th>
              <th scope="col">{t("acervo.columns.callNumber")}</th>
              {hasVolumes ? <th scope="col">{t("acervo.columns.volume")}</th> : null}
              <th scope="col">{t("acervo.columns.loanType")}</th>
              <th scope="col">{t("acervo.columns.status")}</th>
              <th scope="col">{t("acervo.columns.dueDate")}</th>
            </tr>
          </thead>
          <tbody>
            {exemplares.map((e) => (
              <tr key={e.cod_exemplar}>
                <th scope="row">{e.biblioteca.desc_biblioteca}</th>
                <td>{e.localizacao ?? none}</td>
                <td>{e.chamada ?? none}</td>
                {hasVolumes ? <td>{[e.volume, e.tomo, e.parte].filter(Boolean).join(", ") || none}</td> : null}
                <td>{loanType(e.tipo_emprestimo)}</td>
                <td className={e.situacao === "disponivel" ? "availability availability--yes" : "availability"}>{status(e.situacao)}</td>
                <td>{e.data_devolucao_prevista ? formatDate(e.data_devolucao_prevista, i18n.language) : none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
