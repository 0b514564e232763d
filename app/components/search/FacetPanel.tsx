import { useEffect, useLayoutEffect, useRef } from "react";
import { VocabularyTerm } from "~/components/ui/VocabularyTerm";
import { vocabularyText, type VocabularyKind } from "~/lib/vocabulary";
import { Form, useLocation } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import type { Filtro, Filtros } from "~/lib/api/types/catalogue";
import { useHydrated } from "~/lib/use-hydrated";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { carriedParams, facetInputId, filterValue, groupFacets, withFilters } from "./facets";
import { FILTERS_TARGET } from "./SearchLayout";
import { numberFormat } from "~/lib/i18n";

/** Narrow screens, where the filters come below the results (search.css). */
const NARROW = "(max-width: 48rem)";

/** useLayoutEffect in the browser (runs before paint); nothing on the server. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Values shown before the "more" disclosure of a facet group. */
const VISIBLE_VALUES = 8;

export interface FacetPanelProps {
  facets: Omit<Filtros, "estimado" | "estimadoSemFiltro"> & { estimado?: boolean; estimadoSemFiltro?: boolean };
  /** The search form's action ("/" or "/{guia}"). */
  action: string;
  /** The current query string (the facet form resends every other parameter). */
  search: string;
  /** The selected filters of the URL. */
  selected: string[];
}

/**
 * The search filters (spec §4): one fieldset of native checkboxes per type, each label holding the value's
 * counts, so they are read aloud. It is a GET form with an Apply button; with JS each change applies at once.
 */
export function FacetPanel({ facets, action, search, selected }: FacetPanelProps) {
  const { t } = useTranslation("catalogue");
  const { t: ta } = useTranslation("a11y");
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // The control that was ticked and where it was on screen, so the new page keeps it in the same place.
  const ticked = useRef<{ value: string; top: number } | null>(null);
  const groups = groupFacets(facets.filtros);

  // Rendered open (without JS every filter is reachable, after the results); with JS, narrow screens fold the
  // filters behind their toggle unless some are selected.
  useEffect(() => {
    if (detailsRef.current && selected.length === 0 && window.matchMedia(NARROW).matches) detailsRef.current.open = false;
    // Only when the panel first appears: later the patron's own choice stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a filter applied with JS: the results above may have grown or shrunk, so scroll by the difference
  // to keep the ticked checkbox where it was, and keep focus on it (WCAG 2.4.7, 3.2.2). The live region of
  // the page announces the new result count.
  useBrowserLayoutEffect(() => {
    const was = ticked.current;
    if (!was) return;
    ticked.current = null;
    const input = formRef.current?.querySelector<HTMLInputElement>(`input[name="filtro"][value="${CSS.escape(was.value)}"]`);
    if (!input) return;
    const details = input.closest("details");
    if (details && !details.open) details.open = true;
    window.scrollBy(0, input.getBoundingClientRect().top - was.top);
    if (document.activeElement !== input) input.focus({ preventScroll: true });
  }, [location.key]);

  if (groups.length === 0) return null;

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === "filtro")
      ticked.current = {
        value: target.value,
        top: target.getBoundingClientRect().top,
      };
    formRef.current?.requestSubmit();
  };
  const apply = (
    <button type="submit" className="button button--secondary facets__apply">
      {t("facets.apply")}
    </button>
  );

  return (
    <section className="facets" id={FILTERS_TARGET} tabIndex={-1} aria-labelledby="filtros-titulo">
      <h2 id="filtros-titulo">{t("facets.heading")}</h2>
      <SelectedFilters facets={facets.filtros} search={search} selected={selected} />
      {facets.totalLimitado ? <p className="facets__note">{t("facets.limitedNote")}</p> : null}
      {facets.estimado ? (
        <p className="facets__note">{t("search:estimatedNote")}</p>
      ) : facets.estimadoSemFiltro ? (
        <p className="facets__note">{t("search:estimatedWithoutNote")}</p>
      ) : null}
      <details className="facets__disclosure" ref={detailsRef} open>
        <summary>
          {selected.length
            ? ta("searchLayout.filtersToggleSelected", {
                count: selected.length,
              })
            : ta("searchLayout.filtersToggle")}
        </summary>
        {/* preventScrollReset: applying a filter is a change of this page, not a new page; the viewport stays. */}
        <Form method="get" action={action} ref={formRef} className="facets__form" preventScrollReset onChange={hydrated ? onChange : undefined}>
          {carriedParams(search).map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          {/* An Apply button at the top of the panel as well as at its end, never far away. Without JS it submits the
              choices; with JS each change applies at once and the button sends the same form. It stays after
              hydration: taking it away then moved every filter up while the page loaded (ADR 270). */}
          {apply}
          {groups.map(({ tipo, values }) => {
            const head = values.slice(0, VISIBLE_VALUES);
            const rest = values.slice(VISIBLE_VALUES);
            const restSelected = rest.some((v) => selected.includes(filterValue(v)));
            return (
              <fieldset key={tipo} className="facet">
                <legend>{t(`facets.types.${tipo}`, { defaultValue: tipo })}</legend>
                <ul className="facet__values">
                  {head.map((f, i) => (
                    <FacetValue
                      key={f.codigo}
                      f={f}
                      id={facetInputId(f, i)}
                      checked={selected.includes(filterValue(f))}
                      limited={facets.totalLimitado}
                      estimated={facets.estimado}
                      estimatedWithout={facets.estimado || facets.estimadoSemFiltro}
                    />
                  ))}
                </ul>
                {rest.length ? (
                  <details className="facet__more" open={restSelected || undefined}>
                    <summary>{t("facets.more", { count: rest.length })}</summary>
                    <ul className="facet__values">
                      {rest.map((f, i) => (
                        <FacetValue
                          key={f.codigo}
                          f={f}
                          id={facetInputId(f, VISIBLE_VALUES + i)}
                          checked={selected.includes(filterValue(f))}
                          limited={facets.totalLimitado}
                          estimated={facets.estimado}
                          estimatedWithout={facets.estimado || facets.estimadoSemFiltro}
                        />
                      ))}
                    </ul>
                  </details>
                ) : null}
              </fieldset>
            );
          })}
          {apply}
        </Form>
      </details>
    </section>
  );
}

function FacetValue({
  f,
  id,
  checked,
  limited,
  estimated,
  estimatedWithout,
}: {
  f: Filtro;
  id: string;
  checked: boolean;
  limited: boolean;
  estimated?: boolean;
  /** The count "without this filter" is an estimate (a sample of the words' matches; ADR 105). */
  estimatedWithout?: boolean;
}) {
  const { t, i18n } = useTranslation("catalogue");
  const lang = useLangOfParts();
  // Types of work and collections are the library's vocabulary; language names and "only with" labels come
  // translated by the API into its nearest language (ADR 136). Names, subjects and places stay unmarked.
  const langOf = (tipo: string) => (tipo === "T" || tipo === "C" ? lang.vocabulary : tipo === "I" || tipo === "X" ? lang.api : undefined);
  const nf = numberFormat(i18n.language);
  // Capped counts (other backends) end in "+"; estimated counts (a sample of a very large hit set) start with "≈".
  const shown = (n: number, approx = estimated) => (approx ? t("search:approx", { value: nf.format(n) }) : `${nf.format(n)}${limited ? "+" : ""}`);
  const counts =
    f.total === f.totalSemFiltro
      ? t("facets.count", { total: shown(f.total) })
      : t("facets.countWithout", { total: shown(f.total), without: shown(f.totalSemFiltro, estimatedWithout) });
  return (
    <li>
      <input type="checkbox" id={id} name="filtro" value={filterValue(f)} defaultChecked={checked} />
      <label htmlFor={id}>
        {f.tipo === "Y" && f.codigo === "SD" ? (
          t("facets.noDate")
        ) : facetVocabulary(f.tipo) ? (
          <VocabularyTerm kind={facetVocabulary(f.tipo)!} code={f.codigo} label={f.descricao} />
        ) : (
          <span lang={langOf(f.tipo)}>{f.descricao}</span>
        )}
        {/* The space is part of the count's text, so no tool drops it from the name ("Livro (103)"). */}
        <span className="facet__count">{` ${counts}`}</span>
      </label>
    </li>
  );
}

/** The facets whose values the portal names itself by code (issue 26): work types and areas of knowledge. */
function facetVocabulary(tipo: string): VocabularyKind | null {
  return tipo === "T" ? "workType" : tipo === "K" || tipo === "NA_A" ? "area" : null;
}

/** The selected filters as a list, each removable on its own, plus "clear all". */
export function SelectedFilters({ facets, search, selected }: { facets: Filtro[]; search: string; selected: string[] }) {
  const { t } = useTranslation("catalogue");
  if (selected.length === 0) return null;
  const label = (v: string) => {
    const f = facets.find((x) => filterValue(x) === v);
    const type = v.slice(0, v.indexOf(":"));
    const name = f
      ? f.tipo === "Y" && f.codigo === "SD"
        ? t("facets.noDate")
        : facetVocabulary(f.tipo)
          ? vocabularyText(t, facetVocabulary(f.tipo)!, f.codigo, f.descricao)
          : f.descricao
      : v.slice(v.indexOf(":") + 1);
    return `${t(`facets.types.${type}`, { defaultValue: type })}: ${name}`;
  };
  return (
    <div className="facets__selected">
      <h3>{t("facets.selectedHeading")}</h3>
      <ul>
        {selected.map((v) => (
          <li key={v}>
            <Link
              to={withFilters(
                search,
                selected.filter((x) => x !== v),
              )}
              className="facets__chip"
              aria-label={t("facets.remove", { filter: label(v) })}
            >
              {label(v)} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={withFilters(search, [])} className="facets__clear">
        {t("facets.clearAll")}
      </Link>
    </div>
  );
}
