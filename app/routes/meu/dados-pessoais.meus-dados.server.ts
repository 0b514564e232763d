/** The patron's LGPD data bundle (JSON or CSV) as the API builds it, as a download. */
import { data } from "react-router";
import { downloadMyData } from "~/lib/api/account/profile.server";
import { getApi } from "~/lib/api/client.server";
import type { Route } from "./+types/dados-pessoais.meus-dados";

/** `?formato=csv` or JSON (anything else); 404 when the API has no bundle. */
export async function loadMyData({ request, context }: Route.LoaderArgs): Promise<Response> {
  const formato = new URL(request.url).searchParams.get("formato") === "csv" ? "csv" : "json";
  const file = await downloadMyData(getApi(context), formato);
  if (!file) throw data(null, { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": file.disposition ?? `attachment; filename="meus-dados.${formato}"`,
      "Cache-Control": "no-store",
    },
  });
}
