import { Link } from "~/framework/Link";
import { VocabularyTerm } from "~/components/ui/VocabularyTerm";
import { useTranslation } from "~/framework/use-translation";
import { AddToBasket } from "~/components/basket/AddToBasket";
import { AddToList } from "~/components/lists/AddToList";
import type { ConsultaItem } from "~/lib/api/types/catalogue";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { coinsKev } from "~/lib/record-metadata";
import { IMAGE_SCHEMES, linkHref } from "../../../contract/link-url";

const DEFAULT_COVER_ID = "capa-padrao";

/**
 * The default cover's drawing, once above a list of results that uses it: each default cover refers to it, so a
 * results page carries one drawing instead of one per hit (ADR 210). Hidden, like the covers themselves.
 */
export function DefaultCoverSymbol({ items, display = "D" }: { items: Array<Pick<ConsultaItem, "link_capa">>; display?: "D" | "C" }) {
  if (display === "C" || items.every((item) => linkHref(item.link_capa, IMAGE_SCHEMES))) return null;
  return (
    <svg className="svg-symbols" aria-hidden="true" focusable="false">
      <symbol id={DEFAULT_COVER_ID} viewBox="0 0 64 96">
        <rect x="4" y="4" width="56" height="88" rx="3" fill="none" stroke="currentColor" strokeWidth="3" />
        <line x1="14" y1="4" x2="14" y2="92" stroke="currentColor" strokeWidth="3" />
        <line x1="22" y1="28" x2="52" y2="28" stroke="currentColor" strokeWidth="3" />
        <line x1="22" y1="38" x2="46" y2="38" stroke="currentColor" strokeWidth="3" />
      </symbol>
    </svg>
  );
}

/**
 * The default cover (spec: "else the default image"): a neutral book drawing, decorative like the real covers.
 * The list that holds it renders DefaultCoverSymbol.
 */
function DefaultCover() {
  return (
    <svg className="result__cover result__cover--default" viewBox="0 0 64 96" width={64} height={96} aria-hidden="true" focusable="false">
      <use href={`#${DEFAULT_COVER_ID}`} />
    </svg>
  );
}

/** One hit of the result list: title link, author, publication, type, availability, cover. Display C shows the essentials on one line. */
export function ResultItem({ item, display = "D" }: { item: ConsultaItem; display?: "D" | "C" }) {
  const { t } = useTranslation("catalogue");
  const lang = useLangOfParts();
  const titleLang = lang.record(item.idioma);
  if (display === "C") {
    return (
      <li className="result result--compact">
        <Link to={`/acervo/${item.cod_acervo}`} className="result__title" lang={titleLang}>
          {item.titulo}
          {item.subtitulo ? <span className="result__subtitle">: {item.subtitulo}</span> : null}
        </Link>
        {[item.autor, item.ano_publicacao].filter((v) => v != null && v !== "").length ? (
          <span className="result__brief"> — {[item.autor, item.ano_publicacao].filter((v) => v != null && v !== "").join(", ")}</span>
        ) : null}
      </li>
    );
  }
  const publication = [item.local_publicacao, item.editora].filter(Boolean).join(": ");
  const online = item.acesso_remoto === "cr";

  return (
    <li className="result">
      <div className="result__body">
        <h3 className="result__title" lang={titleLang}>
          <Link to={`/acervo/${item.cod_acervo}`}>
            {item.titulo}
            {item.subtitulo ? <span className="result__subtitle">: {item.subtitulo}</span> : null}
          </Link>
        </h3>
        <dl className="result__facts">
          {item.autor ? (
            <div>
              <dt>{t("results.author")}</dt>
              <dd>{item.autor}</dd>
            </div>
          ) : null}
          {publication ? (
            <div>
              <dt>{t("results.publication")}</dt>
              <dd>{publication}</dd>
            </div>
          ) : null}
          {item.ano_publicacao != null ? (
            <div>
              <dt>{t("results.year")}</dt>
              <dd>{item.ano_publicacao}</dd>
            </div>
          ) : null}
          {item.edicao ? (
            <div>
              <dt>{t("results.edition")}</dt>
              <dd>{item.edicao}</dd>
            </div>
          ) : null}
          {item.desc_tipo_obra ? (
            <div>
              <dt>{t("results.type")}</dt>
              <dd>
                <VocabularyTerm kind="workType" code={item.cod_tipo_obra} label={item.desc_tipo_obra} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t("results.availability")}</dt>
            <dd className={item.disponiveis > 0 ? "availability availability--yes" : "availability"}>
              {item.exemplares > 0 ? t("results.available", { available: item.disponiveis, count: item.exemplares }) : t("results.noCopies")}
            </dd>
          </div>
        </dl>
        <CopyPlaces item={item} />
        {online || item.possui_acessibilidade === "S" ? (
          <ul className="result__badges">
            {online ? <li className="badge">{t("results.online")}</li> : null}
            {item.possui_acessibilidade === "S" ? <li className="badge">{t("results.accessible")}</li> : null}
          </ul>
        ) : null}
        {(item.edicoes ?? 1) > 1 ? (
          <p className="result__editions">
            <Link to={`/acervo/${item.cod_acervo}#outras-edicoes`}>{t("results.editions", { count: item.edicoes })}</Link>
          </p>
        ) : null}
        {item.reservavel ? (
          // Issue 28: straight to the title's hold form (it asks only what needs a choice).
          <Link to={`/acervo/${item.cod_acervo}/reserva`} className="button result__hold">
            {t("places.hold")}
            <span className="visually-hidden"> {item.titulo}</span>
          </Link>
        ) : null}
        <AddToBasket codAcervo={item.cod_acervo} titulo={item.titulo} />
        <AddToList codAcervo={item.cod_acervo} titulo={item.titulo} />
        <span className="Z3988" title={coinsKev(item)} aria-hidden="true" />
      </div>
      {linkHref(item.link_capa, IMAGE_SCHEMES) ? (
        // Decorative: the title right beside it already names the work. Only a web address loads (ADR 103).
        <img className="result__cover" src={linkHref(item.link_capa, IMAGE_SCHEMES)!} alt="" width={64} height={96} loading="lazy" decoding="async" />
      ) : (
        <DefaultCover />
      )}
    </li>
  );
}

/**
 * Where the copies are (issue 28): per library, the call number and shelf location with the copies on the shelf.
 * Nothing when the API sends no places (another backend).
 */
function CopyPlaces({ item }: { item: ConsultaItem }) {
  const { t } = useTranslation("catalogue");
  if (!item.localizacoes?.length) return null;
  return (
    <ul className="result__places" aria-label={t("places.label")}>
      {item.localizacoes.map((p) => (
        <li key={p.cod_biblioteca}>
          <span className="result__library">{p.biblioteca}</span>
          {p.chamada ? (
            <>
              {" — "}
              {t("places.callNumber")} <span className="result__call-number">{p.chamada}</span>
            </>
          ) : null}
          {p.localizacao ? <>, {p.localizacao}</> : null}
          {": "}
          <span className={p.disponiveis > 0 ? "availability availability--yes" : "availability"}>
            {p.disponiveis > 0
              ? t("places.onShelf", { count: p.disponiveis, total: p.exemplares })
              : t("places.noneOnShelf", { count: p.exemplares })}
          </span>
        </li>
      ))}
    </ul>
  );
}
