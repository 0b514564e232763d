import { useTranslation } from "~/framework/use-translation";
import { privateAreaPath } from "~/lib/product";

/**
 * "Save this search" on a results page, for a signed-in patron: a plain POST to the saved items screen, which
 * stores the query string and shows the list (PRG). The search's term names it.
 */
export function SaveSearchForm({ search, name }: { search: string; name: string }) {
  const { t } = useTranslation("saved");
  const consulta = new URLSearchParams(search);
  consulta.delete("pagina");
  return (
    <form method="post" action={`${privateAreaPath}/itens-salvos`} className="save-search">
      <input type="hidden" name="intent" value="salvar" />
      <input type="hidden" name="consulta" value={consulta.toString()} />
      <input type="hidden" name="nome" value={name} />
      <button type="submit" className="button button--secondary">
        {t("save_search")}
      </button>
    </form>
  );
}
