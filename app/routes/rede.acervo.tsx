import type { ReactNode } from "react";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import { RecordError } from "~/components/acervo/SubPage";
import { Facts } from "~/components/network/Facts";
import { linkHref } from "../../contract/link-url";
import "~/styles/catalogue.css";
import "~/components/network/network.css";
import type { Route } from "./+types/rede.acervo";
import { loadNetworkRecordPage } from "./rede.acervo.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadNetworkRecordPage(args);
}

/** A network record (`GET /rede-{product}/acervo/{id}`): every field, the holding institution and its link at home. */
export default function NetworkRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("network");
  const r = loaderData.registro;
  const inst = r.instituicao;
  const list = (items: string[]) =>
    items.length > 1 ? (
      <ul className="network-record__list">
        {items.map((v) => (
          <li key={v}>{v}</li>
        ))}
      </ul>
    ) : (
      items[0]
    );
  const facts: Array<[string, ReactNode]> = [
    [t("record.author"), r.autor],
    [t("record.otherAuthors"), r.autores_secundarios.length ? list(r.autores_secundarios) : null],
    [t("record.edition"), r.edicao],
    [t("record.publication"), [r.local_publicacao, r.editora].filter(Boolean).join(": ") || null],
    [t("record.year"), r.ano_publicacao],
    [t("record.physical"), r.descricao_fisica],
    [t("record.series"), r.serie],
    [t("record.type"), r.desc_tipo_obra],
    [t("record.language"), r.idioma_desc],
    [t("record.classification"), r.classificacao],
    ["ISBN", r.isbn],
    ["ISSN", r.issn],
    [t("record.subjects"), r.assuntos.length ? list(r.assuntos) : null],
    [t("record.notes"), r.notas.length ? list(r.notas) : null],
    [
      t("record.institution"),
      [inst.nome, inst.sigla !== inst.nome ? `(${inst.sigla})` : null, inst.cidade ? `– ${inst.cidade}` : null].filter(Boolean).join(" "),
    ],
    [t("record.oaiIdentifier"), <code key="oai">{r.identificador_oai}</code>],
  ];
  return (
    <div className="title-page network-record">
      <p>
        <Link to="/rede">{t("record.backToSearch")}</Link>
      </p>
      <h1>
        {r.titulo}
        {r.subtitulo ? <span className="result__subtitle">: {r.subtitulo}</span> : null}
      </h1>
      <Facts items={facts} className="facts" />
      <ul className="network-record__source">
        {r.link_origem ? (
          <li>
            {/* Local records open this portal's own title page; other members' records their own catalogue. */}
            <Link to={r.link_origem}>{inst.local ? t("record.openLocal") : t("record.openHome", { institution: inst.nome })}</Link>
          </li>
        ) : null}
        {/* Another member's record: its online link is a link only when it is a web, FTP or e-mail address (ADR 103). */}
        {linkHref(r.link_online) ? (
          <li>
            <a href={linkHref(r.link_online)!} rel="noopener noreferrer">
              {t("record.online")}
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** An unknown record (404) or a failing network service (the spec §8 message), inside the normal layout. */
export function ErrorBoundary() {
  const { t } = useTranslation("network");
  return <RecordError notFound={t("record.notFoundHeading")} notFoundText={t("record.notFoundText")} error={t("record.errorHeading")} />;
}
