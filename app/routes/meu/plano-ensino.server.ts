/** The professor's teaching plans in the private area (spec §3 "Teaching plan", §6; ADR 193). */
import { data, type RouterContextProvider } from "react-router";
import { getMyTeachingPlans } from "~/lib/api/account/statistics.server";
import { getApi } from "~/lib/api/client.server";
import { isProfessor } from "~/lib/api/requests.server";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";

/** A professor's plans with their bibliography's availability and loans; anyone else gets a 403 page that says why. */
export async function loadMyTeachingPlans(context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const title = getT(context)("statistics:plans.title");
  if (!(await isProfessor(api))) return data({ title, professor: false, plans: null }, { status: 403 });
  const plans = await settle(getMyTeachingPlans(api));
  return { title, professor: true, plans: plans.ok ? plans.value : null };
}
