import { data, Outlet, useLocation } from "react-router";
import { privateAreaOn } from "~/lib/root-data.server";
import type { Route } from "./+types/_layout";
import { AccountNav } from "~/components/account/AccountNav";
import { privateAreaPath } from "~/lib/product";
import { requireUser } from "~/lib/require-user.server";
import { ACCOUNT_MENU_HANDLE, SKIP_TARGETS } from "~/lib/skip-links";
import { useRootData } from "~/lib/use-root-data";
import { loadAccountLayout } from "./_layout.server";
import { currentScreen, visibleScreens } from "./_nav";

// Login is required once, here, for every screen of the area (spec §2 "Protected routes"): a visitor
// without a session is redirected to /login?redirect={path} before any loader or action runs. A patron whose
// category and site have no private area (activity 8) gets a 403 page saying so, not the area.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const user = requireUser(request, context);
    if (!(await privateAreaOn(context, user.permissions))) throw data({ reason: "private_area_off" }, { status: 403 });
  },
];

// The menu is its own landmark before <main>, which this layout draws (ADR 138).
export const handle = ACCOUNT_MENU_HANDLE;

export function loader(args: Route.LoaderArgs) {
  return loadAccountLayout(args);
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const root = useRootData();
  const activities = root?.site?.activities ?? [];
  const screens = visibleScreens(activities, { professor: loaderData.professor, paperPosting: root?.site?.paperPosting ?? false });
  const current = currentScreen(privateAreaPath, pathname, screens);
  return (
    <div className="account-layout">
      <AccountNav
        base={privateAreaPath}
        screens={screens}
        currentId={current?.id ?? null}
        counts={{ ...loaderData.counts, unreadAlerts: root?.user?.unreadAlerts ?? null }}
      />
      <main id={SKIP_TARGETS.content} tabIndex={-1} className="account-layout__content">
        <Outlet />
      </main>
    </div>
  );
}
