import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AddToBasket } from "~/components/basket/AddToBasket";
import type { ConsultaItem } from "~/lib/api/catalogue.server";

/** One hit of the result list: title link, author, publication, type, availability, cover. */
export function ResultItem({ item }: { item: ConsultaItem }) {
  const { t } = useTranslation("catalogue");
  const publication = [item.local_publicacao, item.editora].filter(Boolean).join(": ");
  const online = item.acesso_remoto === "cr";

  return (
    <li className="result">
      <div className="result__body">
        <h3 className="result__title">
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
              <dd>{item.desc_tipo_obra}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("results.availability")}</dt>
            <dd className={item.disponiveis > 0 ? "availability availability--yes" : "availability"}>
              {item.exemplares > 0
                ? t("results.available", { available: item.disponiveis, total: item.exemplares })
                : t("results.noCopies")}
            </dd>
          </div>
        </dl>
        {online || item.possui_acessibilidade === "S" ? (
          <ul className="result__badges">
            {online ? <li className="badge">{t("results.online")}</li> : null}
            {item.possui_acessibilidade === "S" ? <li className="badge">{t("results.accessible")}</li> : null}
          </ul>
        ) : null}
        <AddToBasket codAcervo={item.cod_acervo} titulo={item.titulo} />
      </div>
      {item.link_capa ? (
        // Decorative: the title right beside it already names the work.
        <img className="result__cover" src={item.link_capa} alt="" width={64} height={96} loading="lazy" decoding="async" />
      ) : null}
    </li>
  );
}
