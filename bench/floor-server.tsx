/**
 * The framework's floor for `bench/page-cost.ts`: the same stack as `build/server.js` (Node cluster, Hono's node
 * server, React Router's request handler, React's streaming renderer, production mode) serving one page of 20
 * search results with facets from in-memory data: no middleware, no i18n, no API, no database. What a portal
 * page costs above this is the portal's own work.
 *
 * Run: `node --import tsx bench/floor-server.tsx` with PORT and WEB_CONCURRENCY (default 2).
 */
import cluster from "node:cluster";
import { PassThrough } from "node:stream";
import { serve } from "@hono/node-server";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { createRequestHandler, Links, Meta, Outlet, Scripts, ServerRouter, useLoaderData, type EntryContext, type ServerBuild } from "react-router";

const RESULTS = Array.from({ length: 20 }, (_, i) => ({
  id: 1000 + i,
  titulo: `História do Brasil colonial, volume ${i + 1}`,
  autor: `Autora Exemplo ${i}`,
  ano: 1950 + i,
  tipo: i % 3 === 0 ? "Livro" : "Periódico",
  chamada: `981.${i} E${i}h`,
  disponiveis: i % 4,
}));
const FACETS = ["Autor", "Assunto", "Ano", "Idioma", "Tipo", "Biblioteca"].map((nome, f) => ({
  nome,
  valores: Array.from({ length: 10 }, (_, i) => ({ valor: `${nome} ${f}.${i}`, total: 100 - i * 7 })),
}));

function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <header>
          <a href="/">Catálogo</a>
          <form method="get" action="/">
            <label>
              Buscar <input name="termo" />
            </label>
            <button>Buscar</button>
          </form>
        </header>
        <main>{children}</main>
        <footer>
          <p>Biblioteca</p>
        </footer>
        <Scripts />
      </body>
    </html>
  );
}

function loader() {
  return { termo: "brasil", total: 107, resultados: RESULTS, facetas: FACETS };
}

function SearchPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Resultados para “{d.termo}”</h1>
      <p role="status">{d.total} títulos</p>
      <div className="layout">
        <nav aria-label="Filtros">
          {d.facetas.map((f) => (
            <section key={f.nome}>
              <h2>{f.nome}</h2>
              <ul>
                {f.valores.map((v) => (
                  <li key={v.valor}>
                    <label>
                      <input type="checkbox" name="filtro" value={v.valor} /> {v.valor} ({v.total})
                    </label>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <ol>
          {d.resultados.map((r) => (
            <li key={r.id}>
              <h2>
                <a href={`/acervo/${r.id}`}>{r.titulo}</a>
              </h2>
              <dl>
                <dt>Autor</dt>
                <dd>{r.autor}</dd>
                <dt>Ano</dt>
                <dd>{r.ano}</dd>
                <dt>Tipo</dt>
                <dd>{r.tipo}</dd>
                <dt>Chamada</dt>
                <dd>{r.chamada}</dd>
              </dl>
              <p>{r.disponiveis > 0 ? `${r.disponiveis} disponíveis` : "Nenhum exemplar disponível"}</p>
              <form method="post">
                <input type="hidden" name="acervo" value={r.id} />
                <button>Adicionar à cesta</button>
              </form>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}

function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      onShellReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

const routeAssets = (id: string, parentId: string | undefined, index: boolean) => ({
  id,
  parentId,
  path: index ? undefined : "",
  index,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: id === "search",
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});

/**
 * FLOOR_ROUTES=N adds N more pages beside the search page (never visited), with paths shaped like the portal's
 * (one and two segments, some with a parameter) and the portal's lazy route discovery: the same floor with a
 * route table the size of the portal's, to tell what the framework's per-route work costs (ADR 210).
 */
const extraRoutes = Number(process.env.FLOOR_ROUTES ?? 0);
const extraPath = (i: number) => (i % 3 === 0 ? `secao${i}/:id` : i % 3 === 1 ? `secao${i}` : `secao${i}/parte`);
const extra = Array.from({ length: extraRoutes }, (_, i) => `page${i}`);

const build = {
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: () => <Outlet />, Layout } },
    search: { id: "search", parentId: "root", index: true, module: { default: SearchPage, loader } },
    ...Object.fromEntries(extra.map((id, i) => [id, { id, parentId: "root", path: extraPath(i), module: { default: () => null } }])),
  },
  assets: {
    entry: { imports: [], module: "/assets/entry.js" },
    routes: {
      root: routeAssets("root", undefined, false),
      search: routeAssets("search", "root", true),
      ...Object.fromEntries(extra.map((id, i) => [id, { ...routeAssets(id, "root", false), path: extraPath(i) }])),
    },
    url: "/assets/manifest.js",
    version: "floor",
  },
  publicPath: "/",
  assetsBuildDirectory: "/nonexistent",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: extraRoutes ? "lazy" : "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const port = Number(process.env.PORT ?? 3191);
const workers = Number(process.env.WEB_CONCURRENCY ?? 2);
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
} else {
  const handler = createRequestHandler(build, "production");
  serve({ fetch: (req) => handler(req), port, hostname: "127.0.0.1" });
}
