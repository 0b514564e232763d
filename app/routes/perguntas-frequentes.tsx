import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/perguntas-frequentes";
import { loadFaq } from "./perguntas-frequentes.server";
import { LibraryPage } from "~/components/library-pages/LibraryPage";

export function loader(args: Route.LoaderArgs) {
  return loadFaq(args);
}

/**
 * The library's frequently asked questions (spec §7 Parametros faq; ADR 194): one disclosure per question, whose
 * summary holds the question as a heading; `<details>` opens and closes without JS.
 */
export default function PerguntasFrequentes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { content, unavailable } = loaderData;
  return (
    <LibraryPage page="faq" empty={content.length === 0} unavailable={unavailable}>
      <p>{t("faq.intro", { count: content.length })}</p>
      <ul className="library-page__faq">
        {content.map((q, i) => (
          <li key={i}>
            <details>
              <summary>
                <h2 className="library-page__question">{q.pergunta}</h2>
              </summary>
              {/* Sanitized on the server with an allowlist (sanitize-html). */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: q.html }} />
            </details>
          </li>
        ))}
      </ul>
    </LibraryPage>
  );
}
