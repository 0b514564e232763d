import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { vocabularyTerm, type VocabularyKind, type VocabularyT } from "~/lib/vocabulary";

/**
 * A work type, area or debit service type in the patron's language; the API's label, marked with its language,
 * when the portal has no name for the code (ADR 136 for the `lang` marks).
 */
export function VocabularyTerm({ kind, code, label }: { kind: VocabularyKind; code: string | number | null | undefined; label: string }) {
  const { t } = useTranslation("vocabulary");
  const lang = useLangOfParts();
  const term = vocabularyTerm(t as unknown as VocabularyT, kind, code, label);
  if (term.translated) return <>{term.text}</>;
  // Areas come named in the API's nearest language; work types and services in the library's own.
  return <span lang={kind === "area" ? lang.api : lang.vocabulary}>{term.text}</span>;
}
