import { Link } from "~/framework/Link";
import { HoldRefusal } from "~/components/requests/HoldRefusal";
import { useTranslation } from "~/framework/use-translation";
import type { Permissoes } from "~/lib/api/types/acervo";
import type { HoldRefusalView } from "~/lib/api/hold-refusal";

/**
 * The actions `/acervo/{id}/permissoes` allows: place a hold, request a loan (each its own page). A signed-in
 * patron whom the hold would refuse (`holdRefusal`: the title on loan, already held…) is told why instead of
 * being offered the hold.
 */
export function TitleActions({
  codAcervo,
  permissoes,
  holdRefusal = null,
}: {
  codAcervo: number;
  permissoes: Permissoes | null;
  holdRefusal?: HoldRefusalView | null;
}) {
  const { t } = useTranslation("acervo");
  if (!permissoes) return null;
  const { solicitacao_emprestimo: solicitacao } = permissoes;
  const refusal = permissoes.reserva ? holdRefusal : null;
  const reserva = permissoes.reserva && !refusal;
  return (
    <section aria-labelledby="acoes-titulo">
      <h2 id="acoes-titulo">{t("actions.heading")}</h2>
      {refusal ? <HoldRefusal refusal={refusal} listClassName="title-actions" /> : null}
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
      ) : refusal ? null : (
        <p>{t("actions.none")}</p>
      )}
      {!permissoes.reserva && permissoes.disponiveis > 0 ? <p>{t("actions.holdHint")}</p> : null}
    </section>
  );
}
