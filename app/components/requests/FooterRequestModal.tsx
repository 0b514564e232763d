import { useTranslation } from "~/framework/use-translation";
import type { FetcherWithComponents } from "react-router";
import { Modal } from "~/components/ui/Modal";
import type { CommentActionData } from "~/lib/api/types/comments";
import { CommentForm } from "./CommentForm";
import { SuggestionForm } from "./SuggestionForm";

export type Units = Array<{ cod_biblioteca: number; desc_biblioteca: string; cod_campus: number; nome_campus: string }>;

/** The footer's general comment or acquisition suggestion in a dialog (loaded on demand); the form posts through `submit`. */
export default function FooterRequestModal(props: {
  kind: "comentario" | "sugestao";
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The libraries (comment) or units (suggestion); undefined while they load. */
  units: Units | undefined;
  submit: FetcherWithComponents<CommentActionData>;
  signedIn: boolean;
  /** The current page, to come back to after a login or a no-JS post. */
  here: string;
}) {
  const { t } = useTranslation("requests");
  const { t: tc } = useTranslation("common");
  const { kind, units, submit, signedIn, here } = props;
  const failed = submit.data?.ok ? null : submit.data;
  return (
    <Modal
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      title={kind === "comentario" ? t("general.heading") : t("suggestion.heading")}
      closeLabel={tc("layout.close")}
    >
      {!units ? (
        <p>{t("sending")}</p>
      ) : kind === "comentario" ? (
        <CommentForm
          idPrefix="dialogo-comentario"
          action="/comentario"
          libraries={units}
          signedIn={signedIn}
          lastResult={failed?.result}
          formError={failed?.formError}
          redirectTo={here}
          via="modal"
          fetcher={submit}
          submitLabel={t("general.submit")}
        />
      ) : (
        <SuggestionForm
          idPrefix="dialogo-sugestao"
          units={units}
          signedIn={signedIn}
          lastResult={failed?.result}
          formError={failed?.formError}
          via="modal"
          fetcher={submit}
          loginRedirect={here}
        />
      )}
    </Modal>
  );
}
