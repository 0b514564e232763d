import { Form } from "react-router";
import { useTranslation } from "~/framework/use-translation";
import { useLangOfParts } from "~/lib/use-lang-of-parts";

/**
 * "Available now" (issue 28): keep the titles with a copy on the shelf, at any library or at one of the
 * libraries holding the results (the library facet's values). A GET form that carries the rest of the search,
 * so it works without JavaScript and its result is a shareable URL.
 */
export function AvailableNow({
  action,
  search,
  libraries,
  value,
}: {
  action: string;
  search: string;
  libraries: Array<{ codigo: string; descricao: string }>;
  value?: string;
}) {
  const { t } = useTranslation("catalogue");
  const lang = useLangOfParts();
  const carried = [...new URLSearchParams(search).entries()].filter(([k]) => k !== "disponivel" && k !== "pagina");
  const id = "disponivel-agora";
  return (
    <Form method="get" action={action} className="available-now facet" preventScrollReset>
      {carried.map(([name, v], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
      ))}
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t("availableNow.label")}
        </label>
        <select id={id} name="disponivel" defaultValue={value ?? ""}>
          <option value="">{t("availableNow.off")}</option>
          <option value="S">{t("availableNow.anywhere")}</option>
          {libraries.map((l) => (
            <option key={l.codigo} value={l.codigo} lang={lang.vocabulary}>
              {t("availableNow.at", { biblioteca: l.descricao })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        {t("availableNow.apply")}
      </button>
    </Form>
  );
}
