import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import type { DuplicateAccount } from "~/lib/api/identity/types";

/**
 * The second step of the duplicate-persons login (spec §5; ADR 173): the user code already given (with a way
 * to change it) and, when several accounts share it, the required choice "Escolha a conta". No account is
 * preselected.
 */
export function DuplicateAccountStep({
  username,
  accounts,
  error,
  changeHref,
}: {
  username: string;
  accounts: DuplicateAccount[];
  error?: string;
  changeHref: string;
}) {
  const { t } = useTranslation("login");
  const { t: tc } = useTranslation("common");
  return (
    <>
      <input type="hidden" name="username" value={username} />
      <p className="login-form__user">
        {t("duplicates.user")}: <strong>{username}</strong> <Link to={changeHref}>{t("duplicates.change_user")}</Link>
      </p>
      {accounts.length > 0 ? (
        <fieldset className={`login-form__goto${error ? " field--invalid" : ""}`} aria-describedby={error ? "conta-dica conta-erro" : "conta-dica"}>
          <legend>{t("duplicates.account_legend")}</legend>
          <p className="field__description" id="conta-dica">
            {t("duplicates.account_hint")}
          </p>
          {error ? (
            <p className="field__error" id="conta-erro">
              <span className="visually-hidden">{tc("errors.prefix")} </span>
              {error}
            </p>
          ) : null}
          {accounts.map((a) => (
            <div className="checkbox" key={a.codigo}>
              <input id={`conta-${a.codigo}`} type="radio" name="pessoa" value={a.codigo} required />
              <label htmlFor={`conta-${a.codigo}`}>{a.nome}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
