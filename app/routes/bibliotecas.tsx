import { PageTitle } from "~/components/profile/PageTitle";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import type { Biblioteca } from "~/lib/api/directory.server";
import type { Route } from "./+types/bibliotecas";
import { loadDirectory } from "./bibliotecas.server";
import "~/styles/directory.css";

export const meta: Route.MetaFunction = () => [];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDirectory(request, context);
}

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function Hours({ library }: { library: Biblioteca }) {
  const { t } = useTranslation("directory");
  const byDay = new Map(library.horarios.map((h) => [h.dia, h]));
  return (
    <table className="directory__hours">
      <caption>{t("hours.caption", { library: library.desc_biblioteca })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("hours.day")}</th>
          <th scope="col">{t("hours.time")}</th>
        </tr>
      </thead>
      <tbody>
        {DAYS.map((d) => {
          const h = byDay.get(d);
          return (
            <tr key={d}>
              <th scope="row">{t(`days.${d}`)}</th>
              <td>{h?.abertura && h.fechamento ? t("hours.range", { from: h.abertura, to: h.fechamento }) : t("hours.closed")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The public library directory: every library with its campus, address, contacts and opening hours (ADR 180). */
export default function Libraries({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const { q, campus, pagina, campuses, libraries, total, pageSize, error } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (p: number) =>
    `?${new URLSearchParams({ ...(q ? { q } : {}), ...(campus ? { campus: String(campus) } : {}), pagina: String(p) })}`;
  return (
    <div className="page directory">
      <PageTitle title={t("title")} failed={false} />
      <h1>{t("heading")}</h1>
      <Form method="get" className="directory__form" role="search" aria-label={t("form.label")}>
        <p>
          <label htmlFor="directory-q">{t("form.text")}</label>
          <input id="directory-q" name="q" type="search" defaultValue={q} maxLength={100} />
        </p>
        <p>
          <label htmlFor="directory-campus">{t("form.campus")}</label>
          <select id="directory-campus" name="campus" defaultValue={campus ?? ""}>
            <option value="">{t("form.all_campuses")}</option>
            {campuses.map((c) => (
              <option key={c.cod_campus} value={c.cod_campus}>
                {c.nome_campus}
              </option>
            ))}
          </select>
        </p>
        <p>
          <button type="submit">{t("form.submit")}</button>
        </p>
      </Form>
      {error ? (
        <p role="alert" className="directory__error">
          {t(error.key, error.values)}
        </p>
      ) : (
        <>
          <p role="status" className="directory__count">
            {t("count", { count: total })}
          </p>
          {libraries.length === 0 ? (
            <p>{t("empty")}</p>
          ) : (
            <ul className="directory__list">
              {libraries.map((b) => (
                <li key={b.cod_biblioteca} className="directory__library">
                  <h2 id={`biblioteca-${b.cod_biblioteca}`}>
                    {b.desc_biblioteca} <span className="directory__sigla">({b.sigla})</span>
                  </h2>
                  <dl className="directory__facts">
                    <dt>{t("campus")}</dt>
                    <dd>{b.nome_campus}</dd>
                    {b.endereco ? (
                      <>
                        <dt>{t("address")}</dt>
                        <dd>{b.endereco}</dd>
                      </>
                    ) : null}
                    {b.telefone ? (
                      <>
                        <dt>{t("phone")}</dt>
                        <dd>
                          <a href={`tel:${b.telefone.replace(/[^\d+]/g, "")}`}>{b.telefone}</a>
                        </dd>
                      </>
                    ) : null}
                    {b.email ? (
                      <>
                        <dt>{t("email")}</dt>
                        <dd>
                          <a href={`mailto:${b.email}`}>{b.email}</a>
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <Hours library={b} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav aria-label={t("pages")}>
              <ul className="directory__pages">
                {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                  <li key={p}>{p === pagina ? <span aria-current="page">{p}</span> : <Link to={pageLink(p)}>{p}</Link>}</li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
