import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ProfileTitleList } from "~/components/account/ProfileTitleList";
import { SelectField } from "~/components/forms/SelectField";
import type { Route } from "./+types/areas-interesse";
import { loadInterestAreas } from "./areas-interesse.server";
import { INTEREST_AREAS_PATH, INTEREST_PROFILE_PATH } from "./paths-interest-profiles";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInterestAreas(request, context);
}

/** The areas of the catalogue (the profile's marked) and the titles of the profile's areas, or of one area, newest first. */
export default function InterestAreasPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("interests");
  const { areas, area, page, titles } = loaderData;
  const mine = areas?.filter((a) => a.mine) ?? [];
  const pageHref = (p: number) => `${INTEREST_AREAS_PATH}?${new URLSearchParams({ ...(area ? { area } : {}), pagina: String(p) })}`;
  return (
    <div className="page account-screen">
      <h1>{loaderData.title}</h1>
      <p>{t("areas.intro")}</p>
      {areas === null ? (
        <p className="notice notice--warning">{t("areas.failed")}</p>
      ) : (
        <>
          <h2>{t("areas.mine_heading")}</h2>
          {mine.length ? (
            <ul>
              {mine.map((a) => (
                <li key={a.value}>{t("areas.area_count", { name: a.label, count: a.total })}</li>
              ))}
            </ul>
          ) : (
            <p>{t("areas.none")}</p>
          )}
          <p>
            {loaderData.validity ? `${t("profile.valid_until", { date: loaderData.validity })} ` : null}
            <Link to={INTEREST_PROFILE_PATH}>{t("areas.edit_link")}</Link>
          </p>
          <Form method="get" className="profile-form" aria-labelledby="areas-filtro">
            <h2 id="areas-filtro">{t("areas.filter_heading")}</h2>
            <SelectField
              id="area"
              name="area"
              label={t("areas.area_label")}
              options={[
                { value: "", label: t("areas.all_mine") },
                ...areas.map((a) => ({ value: a.value, label: t(a.mine ? "areas.option_mine" : "areas.option", { name: a.label, count: a.total }) })),
              ]}
              defaultValue={area}
            />
            <button type="submit" className="button button--secondary">
              {t("areas.filter_submit")}
            </button>
          </Form>
        </>
      )}
      <h2 id="areas-titulos">{t("areas.titles_heading")}</h2>
      {titles === null ? (
        <p className="notice notice--warning">{t("areas.titles_failed")}</p>
      ) : titles.rows.length === 0 ? (
        <p>{area || mine.length ? t("areas.titles_empty") : t("areas.titles_no_areas")}</p>
      ) : (
        <ProfileTitleList headingId="areas-titulos" rows={titles.rows} total={titles.total} page={page} pages={titles.pages} pageHref={pageHref} />
      )}
    </div>
  );
}
