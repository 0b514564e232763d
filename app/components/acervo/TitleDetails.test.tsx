import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AcervoDetailSchema } from "~/lib/api/types/acervo";
import acervoEn from "../../../locales/en/acervo.json";
import catalogueEn from "../../../locales/en/catalogue.json";
import { TitleDetails } from "./TitleDetails";

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { catalogue: catalogueEn, acervo: acervoEn } },
  defaultNS: "catalogue",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The title page's record part, for a title with these online links and cover. */
function render(links: Array<{ url: string; descricao?: string; restrito?: boolean }>, link_capa: string | null = null, libras = false): string {
  const acervo = AcervoDetailSchema.parse({
    cod_acervo: 7,
    titulo: "Links",
    link_capa,
    links: links.map((l, i) => ({
      cod_link: i + 1,
      url: l.url,
      descricao: l.descricao ?? null,
      restrito: l.restrito ?? false,
      acessibilidade: false,
    })),
  });
  // The root route carries the patron's preferences (the Libras one decides where a Libras video is shown).
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => null, children: [{ index: true, Component: () => <TitleDetails acervo={acervo} idioma={null} /> }] },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { prefs: { libras } } } }} />
    </I18nextProvider>,
  );
}

describe("a title's online links", () => {
  it("link web addresses", () => {
    expect(render([{ url: "https://repositorio.example.org/1", descricao: "Full text" }])).toContain('href="https://repositorio.example.org/1"');
  });

  it("show javascript: and data: addresses as text, never as a link or a form", () => {
    const html = render([
      { url: "javascript:alert(1)", descricao: "Full text" },
      { url: " data:text/html,<script>alert(1)</script>" },
      { url: "JaVa\tScRiPt:alert(2)", restrito: true },
    ]);
    expect(html).not.toMatch(/href="\s*(javascript|data)/i);
    expect(html).not.toContain('name="cod_link"');
    expect(html).toContain("Full text: javascript:alert(1)");
    expect(html).toContain("data:text/html,&lt;script&gt;");
  });

  it("show a cover only from a web address", () => {
    expect(render([], "https://covers.example.org/7.jpg")).toContain('src="https://covers.example.org/7.jpg"');
    expect(render([], "javascript:alert(1)")).not.toContain("<img");
    expect(render([], "data:image/svg+xml,<svg onload=alert(1)>")).not.toContain("<img");
  });
});

describe("a title's Libras video (ADR 256)", () => {
  const links = [
    { url: "https://videos.example.org/libras/1", descricao: "Vídeo em Libras" },
    { url: "https://repositorio.example.org/1", descricao: "Full text" },
  ];

  it("gets a section of its own, before the other links, when the patron turned Libras on", () => {
    const html = render(links, null, true);
    const section = html.slice(html.indexOf('id="libras-titulo"'), html.indexOf('id="links-titulo"'));
    expect(html.indexOf('id="libras-titulo"')).toBeGreaterThan(-1);
    expect(section).toContain("Video in Libras");
    expect(section).toContain('href="https://videos.example.org/libras/1"');
    expect(section).not.toContain("repositorio.example.org");
    expect(html.slice(html.indexOf('id="links-titulo"'))).not.toContain("videos.example.org");
  });

  it("stays in the ordinary links when the Libras preference is off", () => {
    const html = render(links);
    expect(html).not.toContain('id="libras-titulo"');
    expect(html.slice(html.indexOf('id="links-titulo"'))).toContain('href="https://videos.example.org/libras/1"');
  });
});
