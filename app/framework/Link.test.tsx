import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link as RouterLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, plainHref } from "./Link";

type Props = Parameters<typeof RouterLink>[0];

/** Renders `props` as a link on a server page at `url` (a route `/acervo/:id` inside a layout), as markup. */
async function markup(LinkComponent: typeof RouterLink, props: Props, url = "http://x/acervo/5?termo=a", basename?: string) {
  const Page = () => <LinkComponent {...props} />;
  const routes = [
    {
      path: "/",
      children: [
        { path: "acervo/:id", Component: Page },
        { index: true, Component: Page },
      ],
    },
  ];
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const cases: Props[] = [
  { to: "/acervo/12", children: "title" },
  { to: "/", className: "home", children: "home" },
  { to: "/?termo=brasil&filtro=T%3A1#resultados", "aria-current": "page", children: "search" },
  { to: "/meupergamum/emprestimos/", children: "trailing slash" },
  { to: "/acervo/12", target: "_blank", rel: "noopener", id: "l1", children: "new tab" },
  { to: "/acervo/12", reloadDocument: true, children: "reload" },
  { to: "/acervo/12", discover: "none", children: "no discovery" },
  { to: "/acervo/12", replace: true, state: { a: 1 }, preventScrollReset: true, viewTransition: true, relative: "path", children: "options" },
  { to: "/cesta/exportar?formato=ris", download: true, children: "file" },
  { to: "/a b/ç?x=ç y", children: "unencoded" },
  { to: "/.well-known/x", children: "dot file" },
  { to: "/a/b.c?x=../y#..", children: "dots outside the path" },
  { to: "/a?b#c", children: "search and hash" },
  { to: "/a#b?c", children: "hash with a question mark" },
  { to: "/a#b?", children: "hash ending in a question mark" },
  { to: "/a?x#", children: "empty hash after a search" },
  { to: "/a/.", children: "trailing dot" },
  { to: "/a\\b", children: "backslash" },
  // Not plain: React Router's own Link answers these.
  { to: "marc", children: "relative" },
  { to: "../exemplares", children: "parent" },
  { to: "?pagina=2", children: "search only" },
  { to: "#topo", children: "hash only" },
  { to: "/a/./b/../c", children: "dots" },
  { to: "//example.org/x", children: "protocol relative" },
  { to: "https://example.org/x", children: "external" },
  { to: "/a//b", children: "double slash" },
  { to: "/a?", children: "empty search" },
  { to: "/a#", children: "empty hash" },
  { to: "/a?#b", children: "empty search with hash" },
  { to: { pathname: "/acervo/3", search: "?x=1" }, children: "object" },
  { to: "/acervo/12", prefetch: "render", children: "prefetch" },
  { to: "/acervo/12", prefetch: "intent", children: "prefetch on intent" },
  { to: "", children: "empty" },
];

describe("the server Link", () => {
  it("renders the same markup as React Router's Link, plain paths and the rest alike", async () => {
    expect(Link).not.toBe(RouterLink);
    for (const props of cases) {
      for (const url of ["http://x/acervo/5?termo=a", "http://x/"]) {
        expect(await markup(Link, props, url), JSON.stringify(props.to)).toBe(await markup(RouterLink, props, url));
      }
    }
  });

  it("leaves a basename to React Router", async () => {
    const props = { to: "/acervo/12", children: "t" };
    expect(await markup(Link, props, "http://x/base/acervo/5", "/base")).toBe(await markup(RouterLink, props, "http://x/base/acervo/5", "/base"));
  });

  it("takes the short way only for a plain absolute path", () => {
    expect(plainHref("/acervo/12?x=1#y")).toBe("/acervo/12?x=1#y");
    for (const to of ["marc", "../x", "?p=2", "#x", "/a/./b", "/a/..", "//h/x", "https://h/x", "/a//b", "/a\\b", "/a?", "/a#", "/a?#b", ""]) {
      expect(plainHref(to), to).toBeNull();
    }
    expect(plainHref({ pathname: "/a" })).toBeNull();
  });
});
