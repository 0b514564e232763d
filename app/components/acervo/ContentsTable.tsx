import { useTranslation } from "~/framework/use-translation";
import type { ContentsEntry } from "~/lib/api/types/acervo";
import { DataTable } from "./SubPage";

/** A table of contents: title, author and page of each entry (author/page columns only when some entry has one). */
export function ContentsTable({ id, caption, entries }: { id: string; caption: string; entries: ContentsEntry[] }) {
  const { t } = useTranslation("acervo");
  const hasAuthor = entries.some((e) => e.autor);
  const hasPage = entries.some((e) => e.pagina);
  return (
    <DataTable id={id} caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t("contents.title")}</th>
          {hasAuthor ? <th scope="col">{t("contents.author")}</th> : null}
          {hasPage ? <th scope="col">{t("contents.page")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {entries.map((e, i) => (
          <tr key={i}>
            <th scope="row">{e.titulo}</th>
            {hasAuthor ? <td>{e.autor ?? "—"}</td> : null}
            {hasPage ? <td>{e.pagina ?? "—"}</td> : null}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
