/** The OpenSearch description (ADR 255): the search and suggestions URLs, named after the institution. */
import type { Route } from "./+types/opensearch.xml";
import { getLanguage, getT } from "~/lib/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import { xmlEscape as x } from "~/lib/xml";
import { institutionName } from "./novidades.server";

/** OpenSearch 1.1 keeps the short name to 16 characters. */
const SHORT_NAME_MAX = 16;

export async function loadOpenSearchDescription({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const t = getT(context);
  const { nome, sigla } = await institutionName(context);
  const shortName = (sigla || nome || PRODUCT_NAME).slice(0, SHORT_NAME_MAX);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    `  <ShortName>${x(shortName)}</ShortName>`,
    `  <LongName>${x(nome ? `${t("catalogue:meta.home")} – ${nome}` : t("catalogue:meta.home")).slice(0, 48)}</LongName>`,
    `  <Description>${x(t("catalogue:meta.description"))}</Description>`,
    "  <InputEncoding>UTF-8</InputEncoding>",
    `  <Language>${x(getLanguage(context))}</Language>`,
    `  <Image type="image/svg+xml">${x(`${origin}/favicon.svg`)}</Image>`,
    `  <Url type="text/html" method="get" template="${x(`${origin}/?termo={searchTerms}`)}"/>`,
    `  <Url type="application/x-suggestions+json" method="get" template="${x(`${origin}/opensearch/sugestoes?termo={searchTerms}`)}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${x(`${origin}/opensearch.xml`)}"/>`,
    "</OpenSearchDescription>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/opensearchdescription+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
