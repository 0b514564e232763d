import { useRef } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Filtro, Filtros } from "~/lib/api/catalogue.server";
import { useHydrated } from "~/lib/use-hydrated";
import { carriedParams, facetInputId, filterValue, groupFacets, withFilters } from "./facets";

/** Values shown before the "more" disclosure of a facet group. */
const VISIBLE_VALUES = 8;

export interface FacetPanelProps {
  facets: Omit<Filtros, "estimado"> & { estimado?: boolean };
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
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const groups = groupFacets(facets.filtros);
  if (groups.length === 0) return null;

  return (
    <section className="facets" aria-labelledby="filtros-titulo">
      <h2 id="filtros-titulo">{t("facets.heading")}</h2>
      <SelectedFilters facets={facets.filtros} search={search} selected={selected} />
      {facets.totalLimitado ? <p className="facets__note">{t("facets.limitedNote")}</p> : null}
      {facets.estimado ? <p className="facets__note">{t("search:estimatedNote")}</p> : null}
      <Form
        method="get"
        action={action}
        ref={formRef}
        className="facets__form"
        onChange={hydrated ? () => formRef.current?.requestSubmit() : undefined}
      >
        {carriedParams(search).map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        {groups.map(({ tipo, values }) => {
          const head = values.slice(0, VISIBLE_VALUES);
          const rest = values.slice(VISIBLE_VALUES);
          const restSelected = rest.some((v) => selected.includes(filterValue(v)));
          return (
            <fieldset key={tipo} className="facet">
              <legend>{t(`facets.types.${tipo}`, { defaultValue: tipo })}</legend>
              <ul className="facet__values">
                {head.map((f, i) => (
                  <FacetValue key={f.codigo} f={f} id={facetInputId(f, i)} checked={selected.includes(filterValue(f))} limited={facets.totalLimitado} estimated={facets.estimado} />
                ))}
              </ul>
              {rest.length ? (
                <details className="facet__more" open={restSelected || undefined}>
                  <summary>{t("facets.more", { count: rest.length })}</summary>
                  <ul className="facet__values">
                    {rest.map((f, i) => (
                      <FacetValue key={f.codigo} f={f} id={facetInputId(f, VISIBLE_VALUES + i)} checked={selected.includes(filterValue(f))} limited={facets.totalLimitado} estimated={facets.estimado} />
                    ))}
                  </ul>
                </details>
              ) : null}
            </fieldset>
          );
        })}
        {/* With JS every change applies at once; without it this button submits the choices. */}
        {hydrated ? null : (
          <button type="submit" className="button button--secondary facets__apply">
            {t("facets.apply")}
          </button>
        )}
      </Form>
    </section>
  );
}

function FacetValue({ f, id, checked, limited, estimated }: { f: Filtro; id: string; checked: boolean; limited: boolean; estimated?: boolean }) {
  const { t, i18n } = useTranslation("catalogue");
  const nf = new Intl.NumberFormat(i18n.language);
  // Capped counts (other backends) end in "+"; estimated counts (a sample of a very large hit set) start with "≈".
  const shown = (n: number) => (estimated ? t("search:approx", { value: nf.format(n) }) : `${nf.format(n)}${limited ? "+" : ""}`);
  const counts =
    f.total === f.totalSemFiltro
      ? t("facets.count", { total: shown(f.total) })
      : t("facets.countWithout", { total: shown(f.total), without: shown(f.totalSemFiltro) });
  return (
    <li>
      <input type="checkbox" id={id} name="filtro" value={filterValue(f)} defaultChecked={checked} />
      <label htmlFor={id}>
        {f.tipo === "Y" && f.codigo === "SD" ? t("facets.noDate") : f.descricao} <span className="facet__count">{counts}</span>
      </label>
    </li>
  );
}

/** The selected filters as a list, each removable on its own, plus "clear all". */
export function SelectedFilters({ facets, search, selected }: { facets: Filtro[]; search: string; selected: string[] }) {
  const { t } = useTranslation("catalogue");
  if (selected.length === 0) return null;
  const label = (v: string) => {
    const f = facets.find((x) => filterValue(x) === v);
    const type = v.slice(0, v.indexOf(":"));
    const name = f ? (f.tipo === "Y" && f.codigo === "SD" ? t("facets.noDate") : f.descricao) : v.slice(v.indexOf(":") + 1);
    return `${t(`facets.types.${type}`, { defaultValue: type })}: ${name}`;
  };
  return (
    <div className="facets__selected">
      <h3>{t("facets.selectedHeading")}</h3>
      <ul>
        {selected.map((v) => (
          <li key={v}>
            <Link to={withFilters(search, selected.filter((x) => x !== v))} className="facets__chip" aria-label={t("facets.remove", { filter: label(v) })}>
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
