import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CopiesTable } from "~/components/acervo/CopiesTable";
import type { Consulta, Exemplar } from "~/lib/api/types/catalogue";
import catalogueEn from "../../../locales/en/catalogue.json";
import cataloguePt from "../../../locales/pt/catalogue.json";
import vocabularyEn from "../../../locales/en/vocabulary.json";
import vocabularyPt from "../../../locales/pt/vocabulary.json";
import { SearchResults } from "./SearchResults";

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "pt",
  resources: { en: { catalogue: catalogueEn, vocabulary: vocabularyEn }, pt: { catalogue: cataloguePt, vocabulary: vocabularyPt } },
  defaultNS: "catalogue",
  interpolation: { escapeValue: false },
  initAsync: false,
});

// A data router: result items hold fetcher forms (add to basket).
const render = (node: ReactNode, lng = "en") => {
  void i18n.changeLanguage(lng);
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
};

const hit = (n: number) => ({
  cod_acervo: n,
  titulo: `Title ${n}`,
  subtitulo: null,
  autor: "Author",
  editora: "Publisher",
  local_publicacao: "Place",
  ano_publicacao: 2000,
  edicao: null,
  idioma: "eng",
  cod_tipo_obra: 1,
  desc_tipo_obra: "Book",
  link_capa: null,
  acesso_remoto: null,
  possui_acessibilidade: "N",
  exemplares: 3,
  disponiveis: 1,
  localizacoes: [] as Consulta["resultados"][number]["localizacoes"],
  reservavel: false,
});
const results = (over: Partial<Consulta>): Consulta => ({
  total: 45,
  totalLimitado: false,
  pagina: 2,
  qtd: 20,
  resultados: [hit(21), hit(22)],
  ...over,
});

describe("search results", () => {
  it("lists each hit's copies per library, with call number, location and copies on the shelf, and a hold link only when it can be held (issue 28)", () => {
    const placed = {
      ...hit(31),
      localizacoes: [
        { cod_biblioteca: 1, biblioteca: "Central Library", chamada: "869.3 G527c", localizacao: "Shelf 2", exemplares: 2, disponiveis: 1 },
        { cod_biblioteca: 2, biblioteca: "Law Library", chamada: null, localizacao: null, exemplares: 1, disponiveis: 0 },
      ],
    };
    const html = render(
      <SearchResults
        results={results({ resultados: [placed, { ...hit(32), disponiveis: 0, reservavel: true }] })}
        termo="cats"
        search="?termo=cats"
      />,
    );
    expect(html).toContain('aria-label="Where the copies are"');
    expect(html).toContain("Central Library");
    expect(html).toContain("869.3 G527c");
    expect(html).toContain("Shelf 2");
    expect(html).toContain("1 of 2 on the shelf");
    expect(html).toContain("none on the shelf (1 copy)");
    expect(html).not.toContain('href="/acervo/31/reserva"');
    expect(html).toMatch(/<a [^>]*href="\/acervo\/32\/reserva"[^>]*>Place a hold<span class="visually-hidden"> Title 32<\/span><\/a>/);
  });

  it("states the count, the range and each hit's availability", () => {
    const html = render(<SearchResults results={results({})} termo="cats" search="?termo=cats&pagina=2" />);
    expect(html).toContain("45 results for “cats”");
    expect(html).toContain("Showing 21 to 22 of 45.");
    expect(html).toContain("1 of 3 available");
    expect(html).toContain('<a href="/acervo/21"');
    expect(html).toContain('<ol class="results__list" start="21">');
  });

  it("marks each title with the language of its record and the library's vocabulary with its own", () => {
    const spanish = { ...hit(30), titulo: "Marxismo y democracia", idioma: "spa" };
    const html = render(<SearchResults results={results({ resultados: [spanish, hit(31)] })} termo="x" search="?termo=x" />);
    expect(html).toContain('<h3 class="result__title" lang="es"><a href="/acervo/30"');
    // The English record on an English page needs no mark; the type of work is named by its code in the page's
    // language, so it needs none either; an unknown code keeps the library's label, marked with its language.
    expect(html).toContain('<h3 class="result__title"><a href="/acervo/31"');
    expect(html).toContain("<dd>Book</dd>");
    const unknownType = { ...hit(32), cod_tipo_obra: 999, desc_tipo_obra: "Livro raro" };
    expect(render(<SearchResults results={results({ resultados: [unknownType] })} termo="x" search="?termo=x" />)).toContain(
      '<span lang="pt">Livro raro</span>',
    );
    expect(render(<SearchResults results={results({ resultados: [hit(31)] })} termo="x" search="?termo=x" />, "pt")).toContain(
      '<h3 class="result__title" lang="en">',
    );
  });

  it("draws the default cover once and has each hit without a cover refer to it, hidden like the covers", () => {
    const withCover = { ...hit(23), link_capa: "https://covers.example/23.jpg" };
    const html = render(<SearchResults results={results({ resultados: [hit(21), hit(22), withCover] })} termo="cats" search="?termo=cats" />);
    expect(html.match(/<symbol id="capa-padrao"/g)).toHaveLength(1);
    expect(html).toContain('<svg class="svg-symbols" aria-hidden="true" focusable="false">');
    expect(html.match(/<use href="#capa-padrao"><\/use>/g)).toHaveLength(2);
    expect(html.match(/<svg class="result__cover result__cover--default"[^>]*aria-hidden="true" focusable="false">/g)).toHaveLength(2);
    expect(html).toContain('<img class="result__cover" src="https://covers.example/23.jpg" alt=""');
    const allCovers = render(<SearchResults results={results({ resultados: [withCover] })} termo="cats" search="?termo=cats" />);
    expect(allCovers).not.toContain("<symbol");
  });

  it("gives a hit whose stored cover is a script or data address the default cover instead", () => {
    const bad = [
      { ...hit(24), link_capa: "javascript:alert(1)" },
      { ...hit(25), link_capa: "data:image/svg+xml,<svg onload=alert(1)>" },
    ];
    const html = render(<SearchResults results={results({ resultados: bad })} termo="cats" search="?termo=cats" />);
    expect(html).not.toContain("<img");
    expect(html.match(/<use href="#capa-padrao"><\/use>/g)).toHaveLength(2);
  });

  it("shows a capped count as N+", () => {
    const html = render(<SearchResults results={results({ total: 5000, totalLimitado: true })} termo="a" search="?termo=a" />);
    expect(html).toContain("5,000+ results for “a”");
  });

  it("paginates with links that keep the query and mark the current page", () => {
    const html = render(<SearchResults results={results({})} termo="cats" search="?termo=cats&tipo=autor&pagina=2" />);
    expect(html).toContain('<nav class="pagination" aria-label="Results pages">');
    const current = html.match(/<a[^>]*aria-current="page"[^>]*>2<\/a>/)?.[0];
    expect(current).toContain('href="/?termo=cats&amp;tipo=autor&amp;pagina=2"');
    expect(html).toContain('href="/?termo=cats&amp;tipo=autor&amp;pagina=3"');
    expect(html).toContain('rel="prev"');
  });

  it("explains what to try when nothing matched", () => {
    const html = render(<SearchResults results={results({ total: 0, resultados: [] })} termo="zzz" search="?termo=zzz" />, "pt");
    expect(html).toContain("Nenhum resultado para “zzz”.");
    expect(html).toContain("confira a ortografia");
    expect(html).not.toContain("pagination");
  });
});

describe("copies table", () => {
  const copy: Exemplar = {
    cod_exemplar: 1,
    codigo_barras: "1",
    biblioteca: { cod_biblioteca: 1, desc_biblioteca: "Central Library" },
    localizacao: "Shelf 3",
    chamada: "869.3",
    tipo_emprestimo: "consulta_local",
    situacao: "emprestado",
    data_devolucao_prevista: "2030-05-02",
    volume: null,
    tomo: null,
    parte: null,
    material_adicional: null,
  };

  it("is a captioned table with headers, translated codes and a localised date", () => {
    const html = render(<CopiesTable titulo="Dom Casmurro" exemplares={[copy]} />);
    expect(html).toContain("<caption");
    expect(html).toContain("Copies of “Dom Casmurro” by library");
    expect(html).toContain('<th scope="col">Expected return</th>');
    expect(html).toContain('<th scope="row">Central Library</th>');
    expect(html).toContain("Library use only");
    expect(html).toContain("On loan");
    expect(html).toContain("05/02/2030");
  });

  it("counts copies with the singular for one and the plural for more, in each language", () => {
    const one = [{ ...copy, situacao: "disponivel" }];
    expect(render(<CopiesTable titulo="X" exemplares={one} />, "pt")).toContain("1 de 1 exemplar disponível.");
    expect(render(<CopiesTable titulo="X" exemplares={one} />, "en")).toContain("1 of 1 copy available.");
    const three = [...one, copy, copy];
    expect(render(<CopiesTable titulo="X" exemplares={three} />, "pt")).toContain("1 de 3 exemplares disponíveis.");
  });

  it("shows an unknown status code as it comes", () => {
    expect(render(<CopiesTable titulo="X" exemplares={[{ ...copy, situacao: "perdido" }]} />)).toContain("perdido");
  });

  it("says so when the copies could not be loaded", () => {
    expect(render(<CopiesTable titulo="X" exemplares={null} />)).toContain("The copies could not be loaded.");
  });
});
