import type { ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";
import { useInstitutionName } from "~/lib/use-root-data";
import { withInstitution } from "~/components/search/page-title";

export interface RecoveryPageProps {
  step: 1 | 2 | 3;
  heading: string;
  /** True after a failed POST: the document title starts with the translated "Error:". */
  failed: boolean;
  children: ReactNode;
}

/** The frame of each recovery step: the document title (with "Error:" after a failed POST), the step and the h1. */
export function RecoveryPage({ step, heading, failed, children }: RecoveryPageProps) {
  const { t } = useTranslation("identity");
  const institution = useInstitutionName();
  const base = `${heading} (${t("recovery.step", { step, total: 3 })})`;
  const title = withInstitution(`${failed ? `${t("common:errors.prefix")} ` : ""}${base}`, institution);
  return (
    <div className="page recovery-page">
      <title>{title}</title>
      <p className="recovery-page__step">{t("recovery.step", { step, total: 3 })}</p>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
