import { lazy, useEffect, useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { useFetcher, useLocation } from "react-router";
import { Toast } from "~/components/ui/Toast";
import type { CommentActionData } from "~/lib/api/types/comments";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/use-root-data";
import { LazyDialogButton } from "~/components/layout/LazyDialogButton";
import type { Units } from "./FooterRequestModal";

// The dialog and its forms (react-aria, conform, zod) load when the visitor is about to open one.
const loadRequestModal = () => import("./FooterRequestModal");
const FooterRequestModal = lazy(loadRequestModal);

/**
 * One footer request (spec §2 footer): without JS a link to its page; with JS a modal dialog whose form posts
 * in place (the page's action answers the dialog with data), closes on success and shows a toast.
 */
function FooterDialog({ kind }: { kind: "comentario" | "sugestao" }) {
  const { t } = useTranslation("requests");
  const { t: tc } = useTranslation("common");
  const hydrated = useHydrated();
  const root = useRootData();
  const location = useLocation();
  const loader = useFetcher<{ libraries?: Units; units?: Units }>({ key: `footer-${kind}-data` });
  const submit = useFetcher<CommentActionData>({ key: `footer-${kind}-submit` });
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<{ n: number; text: string } | null>(null);
  const label = kind === "comentario" ? tc("layout.footer.comment") : tc("layout.footer.suggestion");
  const [handled, setHandled] = useState<object | null>(null);
  // A new successful answer: close the dialog and show the toast (state derived during render, once per answer).
  if (submit.state === "idle" && submit.data?.ok && submit.data !== handled) {
    setHandled(submit.data);
    setOpen(false);
    setToast((prev) => ({ n: (prev?.n ?? 0) + 1, text: kind === "comentario" ? t("comment.sent") : t("suggestion.sent") }));
  }

  useEffect(() => {
    if (open && loader.state === "idle" && !loader.data) void loader.load(`/${kind}`);
  }, [open, loader, kind]);

  // A plain link until hydrated (see the support button in SiteFooter).
  if (!hydrated) return <a href={`/${kind}`}>{label}</a>;
  const here = `${location.pathname}${location.search}`;
  const units = loader.data?.libraries ?? loader.data?.units;
  return (
    <>
      <LazyDialogButton label={label} isOpen={open} onOpenChange={setOpen} preload={loadRequestModal}>
        <FooterRequestModal
          kind={kind}
          isOpen={open}
          onOpenChange={setOpen}
          units={units}
          submit={submit}
          signedIn={Boolean(root?.user)}
          here={here}
        />
      </LazyDialogButton>
      <Toast message={toast?.text ?? null} toastKey={toast?.n} />
    </>
  );
}

/** The footer's comment link/dialog (activity 13). */
export function CommentFooterLink() {
  return <FooterDialog kind="comentario" />;
}

/** The footer's acquisition-suggestion link/dialog (activity 12). */
export function SuggestionFooterLink() {
  return <FooterDialog kind="sugestao" />;
}
