import { Link } from "~/components/ui/Link";
import { useTranslation } from "~/lib/use-translation";
import type { Permissoes } from "~/lib/api/acervo.server";

/** The actions `/acervo/{id}/permissoes` allows: place a hold, request a loan (each its own page). */
export function TitleActions({ codAcervo, permissoes }: { codAcervo: number; permissoes: Permissoes | null }) {
  const { t } = useTranslation("acervo");
  if (!permissoes) return null;
  const { reserva, solicitacao_emprestimo: solicitacao } = permissoes;
  return (
    <section aria-labelledby="acoes-titulo">
      <h2 id="acoes-titulo">{t("actions.heading")}</h2>
      {reserva || solicitacao ? (
        <ul className="title-actions">
          {reserva ? (
            <li>
              <Link to={`/acervo/${codAcervo}/reserva`}>{t("actions.reserva")}</Link>
            </li>
          ) : null}
          {solicitacao ? (
            <li>
              <Link to={`/acervo/${codAcervo}/solicitacao-emprestimo`}>{t("actions.solicitacao")}</Link>
            </li>
          ) : null}
        </ul>
      ) : (
        <p>{t("actions.none")}</p>
      )}
      {!reserva && permissoes.disponiveis > 0 ? <p>{t("actions.holdHint")}</p> : null}
    </section>
  );
}
