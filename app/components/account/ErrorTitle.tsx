import { useEffect } from "react";
import { withInstitution } from "~/components/search/page-title";
import { useInstitutionName } from "~/lib/use-root-data";

/**
 * With JS, a failed POST does not reload the route's data, so `meta` keeps the plain title: prefix it here with
 * the translated "Error:" while the error shows, and restore it afterwards; the institution stays at the end
 * (ADR 217). (Without JS the loader already returns the prefixed title; see app/lib/action-failed.server.ts.)
 * If the title changed meanwhile (a successful retry redirected and `meta` put the outcome first), it is left alone.
 */
export function ErrorTitle({ show, prefix, title }: { show: boolean; prefix: string; title: string }) {
  const institution = useInstitutionName();
  useEffect(() => {
    if (!show) return;
    const before = document.title;
    const shown = withInstitution(`${prefix} ${title}`, institution);
    document.title = shown;
    return () => {
      if (document.title !== shown) return;
      document.title = before.startsWith(prefix) ? withInstitution(title, institution) : before;
    };
  }, [show, prefix, title, institution]);
  return null;
}
