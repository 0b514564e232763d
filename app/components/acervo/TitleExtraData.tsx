import { Link } from "~/framework/Link";
import { VocabularyTerm } from "~/components/ui/VocabularyTerm";
import { useTranslation } from "~/framework/use-translation";
import { withParams } from "~/components/search/search-url";
import { cleanHeading } from "../../../contract/headings";
import type { TitleExtraData as Extras } from "~/lib/api/types/acervo";

/**
 * The filter codes of `dados_adicionais` the page lists here: repository, place of publication, collection. The
 * author (A), publisher (E) and subject (S) values are the record's own headings, already shown above as links.
 */
export const EXTRA_FILTER_CODES = ["P", "C", "R"] as const;

/**
 * The search of one filter value: its words as a free-text search narrowed by the filter itself (the words alone
 * would also find other titles). A repository's value is a web domain, not words of the record: no search.
 */
export function filterValueHref(code: string, value: { codigo: string; descricao: string }): string | null {
  if (code === "R") return null;
  const termo = cleanHeading(value.descricao);
  return termo ? `/${withParams("", { termo, tipo: "livre", filtro: `${code}:${value.codigo}` })}` : null;
}

/** Browsing the call-number index from a call number: the titles shelved next to it. */
export function shelfHref(chamada: string): string {
  return `/indice${withParams("", { indice: "chamada", termo: chamada })}`;
}

/** The teaching-plan tab's search for one discipline (ADR 067). */
export function disciplineHref(codDisciplina: number): string {
  return `/plano-ensino${withParams("", { disciplina: codDisciplina })}`;
}

/** The area of knowledge as two `<dt>/<dd>` rows of the title's facts (nothing when the title has no class). */
export function AreaFacts({ extras }: { extras: Pick<Extras, "areas_conhecimento" | "desc_tipo_area_conhec"> }) {
  const { t } = useTranslation("acervo");
  if (!extras.areas_conhecimento.length) return null;
  return (
    <>
      <div className="facts__row">
        <dt>{t("extras.areas")}</dt>
        <dd>
          <ul className="title-page__inline-list">
            {extras.areas_conhecimento.map((a) => (
              <li key={a.codigo}>
                <VocabularyTerm kind="area" code={a.codigo} label={a.descricao} />
              </li>
            ))}
          </ul>
        </dd>
      </div>
      {extras.desc_tipo_area_conhec ? (
        <div className="facts__row">
          <dt>{t("extras.areaType")}</dt>
          <dd>{extras.desc_tipo_area_conhec}</dd>
        </div>
      ) : null}
    </>
  );
}

/**
 * The title's extra data (spec §3, ADR 215) as sections of the title page: where to find it on the shelf, the
 * courses and disciplines that cite it, and its other catalogue data (place, collection, repository), each
 * linked to the matching search or page where one exists.
 */
export function ExtraDataSections({ extras, titulo }: { extras: Extras; titulo: string }) {
  const { t } = useTranslation("acervo");
  const { t: tc } = useTranslation("catalogue");
  const additional = EXTRA_FILTER_CODES.flatMap((code) =>
    extras.dados_adicionais[code]?.length ? [{ code, values: extras.dados_adicionais[code] }] : [],
  );
  return (
    <>
      {extras.rota.length ? (
        <section aria-labelledby="rota-titulo">
          <h2 id="rota-titulo">{t("extras.route")}</h2>
          <ul className="title-page__route">
            {extras.rota.map((r, i) => (
              <li key={i}>
                {r.cod_biblioteca !== null ? <Link to={`/bibliotecas#biblioteca-${r.cod_biblioteca}`}>{r.desc_biblioteca}</Link> : r.desc_biblioteca}
                {r.localizacao ? <> › {r.localizacao}</> : null}
                {r.chamada ? (
                  <>
                    {" › "}
                    <Link to={shelfHref(r.chamada)} aria-label={t("extras.shelf", { chamada: r.chamada })}>
                      {r.chamada}
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {extras.cursos_disc.length ? (
        <section aria-labelledby="cursos-titulo">
          <h2 id="cursos-titulo">{t("extras.courses")}</h2>
          <p className="hint">{t("extras.coursesHint", { titulo })}</p>
          <ul className="title-page__courses">
            {extras.cursos_disc.map((c, i) => {
              const name = [c.disciplina, c.codigo_disciplina ? `(${c.codigo_disciplina})` : null].filter(Boolean).join(" ");
              return (
                <li key={i}>
                  {c.curso ? <>{c.curso}: </> : null}
                  {c.cod_disciplina !== null ? (
                    <Link to={disciplineHref(c.cod_disciplina)} aria-label={t("extras.discipline", { disciplina: name })}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {additional.length ? (
        <section aria-labelledby="dados-adicionais-titulo">
          <h2 id="dados-adicionais-titulo">{t("extras.additional")}</h2>
          <dl className="facts">
            {additional.map(({ code, values }) => (
              <div className="facts__row" key={code}>
                <dt>{tc(`facets.types.${code}`)}</dt>
                <dd>
                  <ul className="title-page__inline-list">
                    {values.map((v) => {
                      const href = filterValueHref(code, v);
                      return (
                        <li key={v.codigo}>
                          {href ? (
                            <Link to={href} aria-label={t("extras.filterSearch", { tipo: tc(`facets.types.${code}`), valor: v.descricao })}>
                              {v.descricao}
                            </Link>
                          ) : (
                            v.descricao
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  );
}
