import { useTranslation } from "~/framework/use-translation";
import type { PasswordRuleCode, PasswordRules } from "~/lib/api/identity/types";

export interface PasswordRulesListProps {
  id: string;
  rules: PasswordRules;
  /** The rules that are on, in spec order. */
  active: PasswordRuleCode[];
  /** Rules the last attempt broke: marked in words, not only by colour. */
  broken: PasswordRuleCode[];
}

/** The institution's password rules (spec §5) as a list, each broken one marked after a refused attempt. */
export function PasswordRulesList({ id, rules, active, broken }: PasswordRulesListProps) {
  const { t } = useTranslation("identity");
  return (
    <div className="password-rules" id={id}>
      <h2 className="password-rules__heading">{t("recovery.rules.heading")}</h2>
      <ul>
        {active.map((code) => (
          <li key={code} className={broken.includes(code) ? "password-rules__broken" : undefined}>
            {t(`recovery.rules.${code}`, { min: rules.length.min, max: rules.length.max, count: rules.last_pw })}
            {broken.includes(code) ? <strong> {t("recovery.rules.not_met")}</strong> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
