import type { ReactNode } from "react";
import { Link } from "~/framework/Link";
import type { HoldRefusalView, PatronHoldRefusal } from "~/lib/api/hold-refusal";
import { privateAreaPath } from "~/lib/product";
import { useTranslation } from "~/framework/use-translation";

/** The patron's next step for each reason: where their loans or holds are; nothing to follow for their standing. */
const NEXT_STEP: Record<PatronHoldRefusal, { path: string; label: string } | null> = {
  titulo_emprestado: { path: `${privateAreaPath}/emprestimos`, label: "title_page.see_loans" },
  reserva_existente: { path: `${privateAreaPath}/reservas`, label: "title_page.see_holds" },
  limite_reservas: { path: `${privateAreaPath}/reservas`, label: "title_page.see_holds" },
  usuario_bloqueado: null,
  usuario_desvinculado: null,
};

const SENTENCE: Record<Exclude<PatronHoldRefusal, "reserva_existente">, string> = {
  titulo_emprestado: "title_page.on_loan",
  limite_reservas: "title_page.limit",
  usuario_bloqueado: "title_page.blocked",
  usuario_desvinculado: "title_page.unlinked",
};

/**
 * Why the signed-in patron is not offered a hold on this title (they have it on loan, already hold it, are at their
 * limit, blocked or unlinked), said where the hold would be offered: on the title page and on the hold page, with
 * the next step as a link. `children` are more list items (the hold page's way back to the title).
 */
export function HoldRefusal({ refusal, listClassName, children }: { refusal: HoldRefusalView; listClassName?: string; children?: ReactNode }) {
  const { t } = useTranslation("holds");
  const next = NEXT_STEP[refusal.motivo];
  const sentence =
    refusal.motivo !== "reserva_existente"
      ? t(SENTENCE[refusal.motivo])
      : refusal.posicao != null
        ? t("title_page.already_held", { position: refusal.posicao })
        : t("title_page.already_held_no_position");
  return (
    <>
      <p className="notice">{sentence}</p>
      {next || children ? (
        <ul className={listClassName}>
          {next ? (
            <li>
              <Link to={next.path}>{t(next.label)}</Link>
            </li>
          ) : null}
          {children}
        </ul>
      ) : null}
    </>
  );
}
