import { DOMParser } from "@xmldom/xmldom";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";

// The loaders' collaborators: the API client (arrivals and libraries) and the cached site configuration.
const state = vi.hoisted(() => ({ arrivals: [] as unknown[], calls: [] as Array<{ path: string; query?: unknown }> }));
vi.mock("~/lib/api/client.server", () => ({
  getApi: () => ({
    async get<T>(path: string, schema: z.ZodType<T>, opts?: { query?: unknown }) {
      state.calls.push({ path, query: opts?.query });
      if (path === "/estante/novidades") return schema.parse({ resultados: state.arrivals });
      if (path === "/bibliotecas") {
        const lib = (cod: number, nome: string) => ({
          cod_biblioteca: cod,
          desc_biblioteca: nome,
          sigla: "B",
          cod_campus: 1,
          nome_campus: "Sede",
          email: null,
          telefone: null,
          endereco: null,
          horarios: [],
        });
        return schema.parse({ total: 2, pagina: 1, qtd: 20, resultados: [lib(1, "Biblioteca Central"), lib(2, "Setorial <Norte> & Sul")] });
      }
      throw new Error(`unexpected ${path}`);
    },
  }),
}));
vi.mock("~/lib/site-config.server", () => ({
  getSiteConfig: async () => ({ guias: [], instituicao: { nome: "Universidade & Cia", sigla: "UNI&C" }, activities: [], autoatendimento: {} }),
}));

const atom = await import("./novidades.atom");
const opensearch = await import("./opensearch.xml");
const call = async (mod: { loader: (args: never) => Promise<Response> }, url: string) =>
  mod.loader({ request: new Request(`http://portal.test${url}`), context: new RouterContextProvider(), params: {} } as never);
const ATOM = "http://www.w3.org/2005/Atom";

/** The document parsed by a real XML parser, failing on any error or warning (not well-formed, bad entity). */
function parse(xml: string): Document {
  const problems: string[] = [];
  const doc = new DOMParser({ onError: (level, msg) => void problems.push(`${level}: ${msg}`) }).parseFromString(xml, "application/xml");
  expect(problems).toEqual([]);
  return doc as unknown as Document;
}
const child = (el: Element, name: string) =>
  Array.from(el.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === el.namespaceURI,
  );
const children = (el: Element, name: string) =>
  Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name);

beforeEach(() => {
  state.calls = [];
  state.arrivals = [
    {
      cod_acervo: 7,
      titulo: 'Fios & tramas: <ensaios> "reunidos"',
      subtitulo: null,
      autor: "Lima, José",
      ano_publicacao: 2025,
      link_capa: null,
      idioma: "por",
      chegada: "2026-11-27",
    },
    {
      cod_acervo: 3,
      titulo: "Sem autor",
      subtitulo: "um subtítulo",
      autor: null,
      ano_publicacao: null,
      link_capa: null,
      idioma: null,
      chegada: "2026-11-20",
    },
  ];
});

describe("the new arrivals' Atom feed", () => {
  it("is a valid Atom feed: its id, title, updated, author and links, then one entry per title with the text escaped", async () => {
    const res = await call(atom, "/novidades.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = parse(await res.text()).documentElement;
    expect([feed.localName, feed.namespaceURI]).toEqual(["feed", ATOM]);
    expect(child(feed, "id")?.textContent).toBe("http://portal.test/novidades");
    expect(child(feed, "title")?.textContent).toBe("Novidades do acervo – Universidade & Cia");
    expect(child(feed, "updated")?.textContent).toBe("2026-11-27T00:00:00Z");
    expect(child(child(feed, "author")!, "name")?.textContent).toBe("Universidade & Cia");
    expect(children(feed, "link").map((l) => [l.getAttribute("rel"), l.getAttribute("type"), l.getAttribute("href")])).toEqual([
      ["self", "application/atom+xml", "http://portal.test/novidades.atom"],
      ["alternate", "text/html", "http://portal.test/novidades"],
    ]);
    const entries = children(feed, "entry");
    expect(
      entries.map((e) => [
        child(e, "id")?.textContent,
        child(e, "title")?.textContent,
        child(e, "link")?.getAttribute("href"),
        child(e, "updated")?.textContent,
        child(child(e, "author")!, "name")?.textContent,
      ]),
    ).toEqual([
      ["http://portal.test/acervo/7", 'Fios & tramas: <ensaios> "reunidos"', "http://portal.test/acervo/7", "2026-11-27T00:00:00Z", "Lima, José"],
      // A title without an author is the institution's entry (Atom needs an author).
      ["http://portal.test/acervo/3", "Sem autor", "http://portal.test/acervo/3", "2026-11-20T00:00:00Z", "Universidade & Cia"],
    ]);
    expect(child(entries[1], "summary")?.textContent).toBe("um subtítulo");
  });

  it("is one library's feed with ?biblioteca=, and refuses a library that does not exist (400, no feed)", async () => {
    const feed = parse(await (await call(atom, "/novidades.atom?biblioteca=2")).text()).documentElement;
    expect(child(feed, "title")?.textContent).toBe("Novidades: Setorial <Norte> & Sul – Universidade & Cia");
    expect(child(feed, "id")?.textContent).toBe("http://portal.test/novidades?biblioteca=2");
    expect(state.calls.find((c) => c.path === "/estante/novidades")?.query).toEqual({ biblioteca: 2, qtd: 50 });
    for (const bad of ["999", "abc", "1%20OR%201"]) {
      const res = await call(atom, `/novidades.atom?biblioteca=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });
});

describe("the OpenSearch description", () => {
  it("names the institution and gives the search and suggestion URL templates", async () => {
    const res = await call(opensearch, "/opensearch.xml");
    expect(res.headers.get("content-type")).toBe("application/opensearchdescription+xml; charset=utf-8");
    const root = parse(await res.text()).documentElement;
    expect([root.localName, root.namespaceURI]).toEqual(["OpenSearchDescription", "http://a9.com/-/spec/opensearch/1.1/"]);
    expect(child(root, "ShortName")?.textContent).toBe("UNI&C");
    expect(child(root, "InputEncoding")?.textContent).toBe("UTF-8");
    expect(Object.fromEntries(children(root, "Url").map((u) => [u.getAttribute("type"), u.getAttribute("template")]))).toEqual({
      "text/html": "http://portal.test/?termo={searchTerms}",
      "application/x-suggestions+json": "http://portal.test/opensearch/sugestoes?termo={searchTerms}",
      "application/opensearchdescription+xml": "http://portal.test/opensearch.xml",
    });
  });
});
