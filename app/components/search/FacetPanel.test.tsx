import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Filtros } from "~/lib/api/types/catalogue";
import catalogueEn from "../../../locales/en/catalogue.json";
import searchEn from "../../../locales/en/search.json";
import { FacetPanel } from "./FacetPanel";

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { catalogue: catalogueEn, search: searchEn } },
  defaultNS: "catalogue",
  interpolation: { escapeValue: false },
  initAsync: false,
});

const render = (facets: Filtros) => {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <FacetPanel facets={facets} action="/" search="termo=historia&filtro=Y:2000" selected={["Y:2000"]} /> },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
};

const filtros = [
  { tipo: "Y", codigo: "2000", descricao: "2000", total: 36, totalSemFiltro: 36, selecionado: true },
  { tipo: "Y", codigo: "1999", descricao: "1999", total: 0, totalSemFiltro: 95, selecionado: false },
];

describe("FacetPanel counts (ADR 105, honest facets)", () => {
  it("marks only the estimated counts with ≈: a narrowed search's own counts are exact", () => {
    const html = render({ totalLimitado: false, estimado: false, estimadoSemFiltro: true, filtros });
    expect(html).toContain("(36)");
    expect(html).toContain("(0; ≈95 without this filter)");
    expect(html).toContain(searchEn.estimatedWithoutNote);
    expect(html).not.toContain(searchEn.estimatedNote);
  });

  it("marks every count when the hits themselves are sampled, and none when everything is counted", () => {
    const sampled = render({ totalLimitado: false, estimado: true, estimadoSemFiltro: true, filtros });
    expect(sampled).toContain("(≈36)");
    expect(sampled).toContain("(≈0; ≈95 without this filter)");
    expect(sampled).toContain(searchEn.estimatedNote);
    const exact = render({ totalLimitado: false, estimado: false, estimadoSemFiltro: false, filtros });
    expect(exact).not.toContain("≈");
  });
});
