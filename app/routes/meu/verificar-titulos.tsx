import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { ProfileTitleList } from "~/components/account/ProfileTitleList";
import type { Route } from "./+types/verificar-titulos";
import { CHECK_TITLES_PATH, INTEREST_PROFILE_PATH } from "./paths-interest-profiles";
import { loadCheckTitles } from "./verificar-titulos.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckTitles(request, context);
}

/** Check titles: what arrived in the catalogue this last month, in the patron's areas of interest when the profile names some. */
export default function CheckTitlesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("interests");
  const { page, titles } = loaderData;
  return (
    <div className="page account-screen">
      <h1>{loaderData.title}</h1>
      {titles === null ? (
        <p className="notice notice--warning">{t("check.failed")}</p>
      ) : (
        <>
          <p>
            {t(titles.byProfile ? "check.intro_profile" : "check.intro_all", { date: titles.since })}{" "}
            <Link to={INTEREST_PROFILE_PATH}>{t("check.edit_link")}</Link>
          </p>
          <h2 id="verificar-titulos">{t("check.titles_heading")}</h2>
          {titles.rows.length === 0 ? (
            <p>{t("check.empty")}</p>
          ) : (
            <ProfileTitleList
              headingId="verificar-titulos"
              rows={titles.rows}
              total={titles.total}
              page={page}
              pages={titles.pages}
              pageHref={(p) => `${CHECK_TITLES_PATH}?pagina=${p}`}
            />
          )}
        </>
      )}
    </div>
  );
}
