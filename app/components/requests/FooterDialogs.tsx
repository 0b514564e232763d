import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Link, useFetcher, useLocation } from "react-router";
import { Toast } from "~/components/ui/Toast";
import type { CommentActionData } from "~/lib/api/comments.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/use-root-data";
import { CommentForm } from "./CommentForm";
import { SuggestionForm } from "./SuggestionForm";

type Units = Array<{ cod_biblioteca: number; desc_biblioteca: string; cod_campus: number; nome_campus: string }>;

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

  if (!hydrated) return <Link to={`/${kind}`}>{label}</Link>;
  const here = `${location.pathname}${location.search}`;
  const units = loader.data?.libraries ?? loader.data?.units;
  return (
    <>
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <Button className="button button--link">{label}</Button>
        <ModalOverlay className="modal-overlay" isDismissable>
          <Modal className="modal">
            <Dialog className="modal__dialog">
              {({ close }) => (
                <>
                  <Heading slot="title" className="modal__title">
                    {kind === "comentario" ? t("general.heading") : t("suggestion.heading")}
                  </Heading>
                  {!units ? (
                    <p>{t("sending")}</p>
                  ) : kind === "comentario" ? (
                    <CommentForm
                      idPrefix="dialogo-comentario"
                      action="/comentario"
                      libraries={units}
                      signedIn={Boolean(root?.user)}
                      lastResult={submit.data?.ok ? null : submit.data?.result}
                      formError={submit.data?.ok ? null : submit.data?.formError}
                      redirectTo={here}
                      via="modal"
                      fetcher={submit}
                      submitLabel={t("general.submit")}
                    />
                  ) : (
                    <SuggestionForm
                      idPrefix="dialogo-sugestao"
                      units={units}
                      signedIn={Boolean(root?.user)}
                      lastResult={submit.data?.ok ? null : submit.data?.result}
                      formError={submit.data?.ok ? null : submit.data?.formError}
                      via="modal"
                      fetcher={submit}
                      loginRedirect={here}
                    />
                  )}
                  <Button className="button button--secondary" onPress={close}>
                    {tc("layout.close")}
                  </Button>
                </>
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
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
