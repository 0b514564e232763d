import { useEffect, useRef } from "react";
import { useFetcher, type Form } from "react-router";
import { Link } from "~/framework/Link";
import { Modal } from "~/components/ui/Modal";
import { useTranslation } from "~/framework/use-translation";
import type { LoginActionData, LoginPageData } from "./login-types";
import { LoginForm } from "./LoginForm";
import "~/routes/login.css";

/**
 * The login in a modal dialog (spec §1, §6 activity 107; ADR 174), loaded on demand. Its data is the login page's
 * (`?modal=1`: no "go to" choice, no flash taken); its form posts to the same action through a fetcher, so an error
 * stays in the dialog and a success lands on `here`. Without activity 107 it shows the way to the full page instead.
 */
export default function LoginDialog({ isOpen, onOpenChange, here }: { isOpen: boolean; onOpenChange: (open: boolean) => void; here: string }) {
  const { t } = useTranslation("common");
  const fullPage = `/login?redirect=${encodeURIComponent(here)}`;
  const action = `${fullPage}&modal=1`;
  const loader = useFetcher<LoginPageData>({ key: "login-dialog-data" });
  const submit = useFetcher<LoginActionData>({ key: "login-dialog-submit" });
  // Fresh data each time it opens (for the page it was opened on).
  useEffect(() => {
    if (isOpen) void loader.load(action);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [isOpen, action]);
  const page = submit.data?.page ?? (loader.state === "idle" ? loader.data : undefined);
  // A form that arrives after the dialog opened (slow link) is announced and takes the focus the dialog holds,
  // unless the patron has moved it (to the close button).
  const content = useRef<HTMLDivElement>(null);
  const waited = useRef(false);
  useEffect(() => {
    if (!page) {
      waited.current = true;
      return;
    }
    if (!waited.current) return;
    waited.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.getAttribute("role") !== "dialog") return;
    content.current?.querySelector<HTMLElement>(":is(input:not([type=hidden]), select, a[href])")?.focus();
  }, [page]);
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={t("auth.heading")} closeLabel={t("layout.close")}>
      <div className="login-dialog" ref={content}>
        <p role="status" className={page ? "visually-hidden" : undefined}>
          {page ? t("login:modal.ready") : t("login:modal.loading")}
        </p>
        {!page ? null : !page.modalAllowed ? (
          // Activity 107 absent (spec §6): no login in a dialog; the way to the login page, back here afterwards.
          <>
            <p>{t("login:modal.unavailable")}</p>
            {page.messageHtml ? <div className="notice prose" dangerouslySetInnerHTML={{ __html: page.messageHtml }} /> : null}
            <p>
              <Link to={fullPage} className="button">
                {t("login:modal.full_page")}
              </Link>
            </p>
          </>
        ) : (
          <LoginForm
            page={page}
            actionData={submit.data}
            FormComponent={submit.Form as unknown as typeof Form}
            action={action}
            submitting={submit.state !== "idle"}
            inDialog
          />
        )}
      </div>
    </Modal>
  );
}
