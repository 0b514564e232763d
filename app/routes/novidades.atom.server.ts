/** The new arrivals as an Atom feed (RFC 4287; ADR 255): every library's or, with `?biblioteca=`, one library's. */
import type { Route } from "./+types/novidades.atom";
import { getLanguage, getT } from "~/lib/i18n.server";
import { institutionName, loadArrivals } from "./novidades.server";
import { xmlEscape as x } from "~/lib/xml";

/** A day (YYYY-MM-DD) as an Atom date: its start, UTC. */
const atomDate = (day: string) => `${day.slice(0, 10)}T00:00:00Z`;

export async function loadArrivalsFeed({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const origin = url.origin;
  const [arrivals, site] = await Promise.all([loadArrivals(context, url.searchParams), institutionName(context)]);
  const t = getT(context);
  if (arrivals.invalid)
    return new Response(t("arrivals:filter.unknown"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (arrivals.arrivals === null)
    return new Response(t("arrivals:unavailable"), { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" } });
  const lib = arrivals.library;
  const query = lib ? `?biblioteca=${lib.cod}` : "";
  const title = arrivals.feedTitle;
  const institution = site.nome || title;
  const updated = arrivals.arrivals[0]?.chegada ? atomDate(arrivals.arrivals[0].chegada) : "1970-01-01T00:00:00Z";
  const entries = arrivals.arrivals.map((a) => {
    const link = `${origin}/acervo/${a.cod_acervo}`;
    const summary = [a.subtitulo, a.ano_publicacao ? String(a.ano_publicacao) : null].filter(Boolean).join(" · ");
    return [
      "  <entry>",
      `    <id>${x(link)}</id>`,
      `    <title>${x(a.titulo)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(link)}"/>`,
      `    <updated>${atomDate(a.chegada)}</updated>`,
      `    <author><name>${x(a.autor ?? institution)}</name></author>`,
      summary ? `    <summary>${x(summary)}</summary>` : null,
      "  </entry>",
    ]
      .filter((l) => l !== null)
      .join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(getLanguage(context))}">`,
    `  <id>${x(`${origin}/novidades${query}`)}</id>`,
    `  <title>${x(`${title} – ${institution}`)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${x(institution)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${x(`${origin}/novidades.atom${query}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(`${origin}/novidades${query}`)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" },
  });
}
