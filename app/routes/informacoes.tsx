import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/informacoes";
import { loadInformation } from "./informacoes.server";
import { LibraryPage } from "~/components/library-pages/LibraryPage";

export function loader(args: Route.LoaderArgs) {
  return loadInformation(args);
}

/** General information, then sections 1 and 2 of the library (spec §7 Parametros; ADR 194). */
export default function Informacoes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { content, unavailable } = loaderData;
  return (
    <LibraryPage page="informacoes" empty={content.length === 0} unavailable={unavailable}>
      {content.map((b) => (
        <section key={b.id} aria-labelledby={`bloco-${b.id}`}>
          <h2 id={`bloco-${b.id}`}>{b.titulo || t(`informacoes.untitled.${b.id}`)}</h2>
          {/* Sanitized on the server with an allowlist (sanitize-html). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: b.html }} />
        </section>
      ))}
    </LibraryPage>
  );
}
