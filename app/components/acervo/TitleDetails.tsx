import type { ReactNode } from "react";
import { VocabularyTerm } from "~/components/ui/VocabularyTerm";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { AddToBasket } from "~/components/basket/AddToBasket";
import { AddToList } from "~/components/lists/AddToList";
import type { AcervoDetail, TituloAdicional } from "~/lib/api/types/acervo";
import { IMAGE_SCHEMES, linkHref } from "../../../contract/link-url";
import { useRootData } from "~/lib/use-root-data";
import { isLibrasVideo } from "./libras-video";
import { headingHref, type HeadingKind } from "./heading-links";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { TitleNav } from "./TitleNav";
import { AreaFacts, ExtraDataSections } from "./TitleExtraData";

/** A `<dt>/<dd>` pair, skipped when there is nothing to show. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A heading as a link: to its authority page when the title is linked to one with that heading, else to the
 * matching search. The accessible name says where it leads ("Search the author X", "Authority page X").
 */
function HeadingLink({ kind, value, authorities }: { kind: HeadingKind; value: string; authorities: AcervoDetail["autoridades"] }) {
  const { t } = useTranslation("acervo");
  const { href, authority } = headingHref(kind, value, authorities);
  const label = authority ? t("authorityLink", { cabecalho: value }) : t(`headingSearch.${kind}`, { valor: value });
  return (
    <Link to={href} aria-label={label}>
      {value}
    </Link>
  );
}

/** One online link of a title: a plain link, a POST for a restricted one (logged), or text when not an address. */
function LinkItem({ link }: { link: AcervoDetail["links"][number] }) {
  const { t } = useTranslation("catalogue");
  const { t: ta } = useTranslation("acervo");
  return (
    <li>
      {!linkHref(link.url) ? (
        // Not a web, FTP or e-mail address (javascript:, data:, a bare "www."): shown as text (ADR 103).
        <span className="title-page__link-text">
          {link.descricao ? `${link.descricao}: ` : null}
          {link.url}
        </span>
      ) : link.restrito && link.cod_link !== null ? (
        // Restricted: a POST that logs the access (and asks for login first), then redirects to the link.
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="acesso" />
          <input type="hidden" name="cod_link" value={link.cod_link} />
          <button type="submit" className="link-button" aria-describedby={`link-dica-${link.cod_link}`}>
            {ta("links.open", { descricao: link.descricao ?? link.url })}
          </button>
          <span id={`link-dica-${link.cod_link}`} className="visually-hidden">
            {ta("links.loginHint")}
          </span>
        </Form>
      ) : (
        <a href={linkHref(link.url)!} rel="noopener noreferrer" target="_blank">
          {link.descricao ?? link.url} <span className="visually-hidden">{t("acervo.opensExternal")}</span>
        </a>
      )}
      {link.restrito ? <span className="badge">{t("acervo.restricted")}</span> : null}
      {link.acessibilidade ? <span className="badge">{t("acervo.accessibleLink")}</span> : null}
    </li>
  );
}

/**
 * The bibliographic part of the title page: h1 (title and subtitle), author, cover, the descriptive fields
 * (authors, series and publisher each a link), subjects (each a link), notes, online links and linked authorities.
 */
export function TitleDetails({
  acervo,
  idioma,
  titulosAdicionais = [],
}: {
  acervo: AcervoDetail;
  idioma: string | null;
  titulosAdicionais?: TituloAdicional[];
}) {
  const { t } = useTranslation("catalogue");
  const { t: ta } = useTranslation("acervo");
  const link = (kind: HeadingKind, value: string | null) =>
    value ? <HeadingLink kind={kind} value={value} authorities={acervo.autoridades} /> : null;
  // The title's own words carry the record's language; the type of work is the library's vocabulary (ADR 136).
  const lang = useLangOfParts();
  // With the Libras preference on, links the library described as Libras videos get their own section (ADR 256).
  const libras = Boolean(useRootData()?.prefs.libras);
  const librasVideos = libras ? acervo.links.filter(isLibrasVideo) : [];
  const otherLinks = acervo.links.filter((l) => !librasVideos.includes(l));
  const typeKey = (tipo: number) => (tipo >= 1 && tipo <= 9 ? `acervo.authorityTypes.${tipo}` : "acervo.authorityTypes.other");

  return (
    <>
      <div className="title-page__head">
        <div>
          <h1 className="title-page__title" lang={lang.record(acervo.idioma)}>
            {acervo.titulo}
            {acervo.subtitulo ? <span className="title-page__subtitle">: {acervo.subtitulo}</span> : null}
          </h1>
          {acervo.autor ? (
            <p className="title-page__author">
              <span className="visually-hidden">{t("acervo.by")}: </span>
              {link("autor", acervo.autor)}
            </p>
          ) : null}
          <AddToBasket codAcervo={acervo.cod_acervo} titulo={acervo.titulo} />
          <AddToList codAcervo={acervo.cod_acervo} titulo={acervo.titulo} />
        </div>
        {linkHref(acervo.link_capa, IMAGE_SCHEMES) ? (
          <img
            className="title-page__cover"
            src={linkHref(acervo.link_capa, IMAGE_SCHEMES)!}
            alt={t("acervo.coverAlt", { titulo: acervo.titulo })}
            width={128}
            height={192}
          />
        ) : null}
      </div>

      <TitleNav codAcervo={acervo.cod_acervo} current="detalhe" closed={acervo.acervo_fechado} />

      <section aria-labelledby="dados-titulo">
        <h2 id="dados-titulo">{t("acervo.details")}</h2>
        <dl className="facts">
          <Fact label={t("acervo.by")}>{link("autor", acervo.autor)}</Fact>
          <Fact label={t("acervo.secondaryAuthors")}>
            {acervo.autores_secundarios.length ? (
              <ul className="title-page__inline-list">
                {acervo.autores_secundarios.map((nome) => (
                  <li key={nome}>{link("autor", nome)}</li>
                ))}
              </ul>
            ) : null}
          </Fact>
          <Fact label={t("acervo.publisher")}>{link("editora", acervo.editora)}</Fact>
          <Fact label={t("acervo.place")}>{acervo.local_publicacao}</Fact>
          <Fact label={t("acervo.year")}>{acervo.ano_publicacao}</Fact>
          <Fact label={t("acervo.edition")}>{acervo.edicao}</Fact>
          <Fact label={t("acervo.physicalDescription")}>{acervo.descricao_fisica}</Fact>
          <Fact label={t("acervo.series")}>{acervo.serie ? <span lang={lang.record(acervo.idioma)}>{link("serie", acervo.serie)}</span> : null}</Fact>
          <Fact label={t("acervo.isbn")}>{acervo.isbn}</Fact>
          <Fact label={t("acervo.issn")}>{acervo.issn}</Fact>
          <Fact label={t("acervo.callNumber")}>{acervo.chamada}</Fact>
          <Fact label={t("acervo.classification")}>{acervo.classificacao}</Fact>
          <AreaFacts extras={acervo} />
          <Fact label={t("acervo.language")}>{idioma}</Fact>
          <Fact label={t("acervo.type")}>
            {acervo.desc_tipo_obra ? <VocabularyTerm kind="workType" code={acervo.cod_tipo_obra} label={acervo.desc_tipo_obra} /> : null}
          </Fact>
          <Fact label={t("acervo.institution")}>{acervo.instituicao?.desc_empresa}</Fact>
        </dl>
      </section>

      {titulosAdicionais.length ? (
        <section aria-labelledby="adicionais-titulo">
          <h2 id="adicionais-titulo">{ta("additional.heading")}</h2>
          <dl className="facts">
            {titulosAdicionais.map((a, i) => (
              <Fact key={i} label={ta(`additional.tipos.${a.tipo}`, { defaultValue: ta("additional.heading") })}>
                {a.titulo}
              </Fact>
            ))}
          </dl>
        </section>
      ) : null}

      {acervo.assuntos.length ? (
        <section aria-labelledby="assuntos-titulo">
          <h2 id="assuntos-titulo">{t("acervo.subjects")}</h2>
          <ul className="title-page__subjects">
            {acervo.assuntos.map((assunto) => (
              <li key={assunto}>{link("assunto", assunto)}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {acervo.notas.length ? (
        <section aria-labelledby="notas-titulo">
          <h2 id="notas-titulo">{t("acervo.notes")}</h2>
          <ul className="title-page__notes">
            {acervo.notas.map((nota, i) => (
              <li key={i}>{nota}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {librasVideos.length ? (
        // The patron turned Libras on: the title's sign-language videos come first, in a section of their own.
        <section aria-labelledby="libras-titulo" className="title-page__libras">
          <h2 id="libras-titulo">{t("acervo.librasVideo")}</h2>
          <ul className="title-page__links">
            {librasVideos.map((link) => (
              <LinkItem key={`${link.cod_link ?? ""}${link.url}`} link={link} />
            ))}
          </ul>
        </section>
      ) : null}

      {otherLinks.length ? (
        <section aria-labelledby="links-titulo">
          <h2 id="links-titulo">{t("acervo.links")}</h2>
          <ul className="title-page__links">
            {otherLinks.map((link) => (
              <LinkItem key={`${link.cod_link ?? ""}${link.url}`} link={link} />
            ))}
          </ul>
        </section>
      ) : null}

      {acervo.autoridades.length ? (
        <section aria-labelledby="autoridades-titulo">
          <h2 id="autoridades-titulo">{t("acervo.authorities")}</h2>
          <ul className="title-page__authorities">
            {acervo.autoridades.map((a) => (
              <li key={a.cod_autoridade}>
                <Link to={`/autoridade/${a.cod_autoridade}`}>{a.cabecalho}</Link>{" "}
                <span className="title-page__authority-type">({t(typeKey(a.tipo))})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ExtraDataSections extras={acervo} titulo={acervo.titulo} />
    </>
  );
}
