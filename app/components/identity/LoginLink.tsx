import { lazy, useState } from "react";
import { Link } from "~/framework/Link";
import { LazyDialogButton } from "~/components/layout/LazyDialogButton";
import { useHydrated } from "~/lib/use-hydrated";

// The dialog and its form (react-aria, conform, zod) load when the visitor is about to open it.
const loadLoginDialog = () => import("./LoginDialog");
const LoginDialog = lazy(loadLoginDialog);

/**
 * A way to sign in and come back (spec §2): without JS a link to `/login?redirect=<here>`; with JS a button that
 * opens the login in a modal dialog, whose form posts to the same action (ADR 174).
 */
export function LoginLink({ here, label }: { here: string; label: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return <Link to={`/login?redirect=${encodeURIComponent(here)}`}>{label}</Link>;
  return (
    <LazyDialogButton label={label} isOpen={open} onOpenChange={setOpen} preload={loadLoginDialog}>
      <LoginDialog isOpen={open} onOpenChange={setOpen} here={here} />
    </LazyDialogButton>
  );
}
