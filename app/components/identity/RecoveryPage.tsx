import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useRootData } from "~/lib/use-root-data";

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
  const site = useRootData()?.site;
  const base = `${heading} (${t("recovery.step", { step, total: 3 })})`;
  const title = `${failed ? `${t("common:errors.prefix")} ` : ""}${base}${site?.nome ? ` | ${site.nome}` : ""}`;
  return (
    <div className="page recovery-page">
      <title>{title}</title>
      <p className="recovery-page__step">{t("recovery.step", { step, total: 3 })}</p>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
