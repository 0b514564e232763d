import type { ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";
import { PageTitle } from "~/components/profile/PageTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import type { ErrorMessage } from "~/lib/api/errors";
import type { FormKey, RequestKind } from "~/lib/library-requests/forms";
import type { SubmissionResult } from "@conform-to/react";
import { RequestForm } from "./RequestForm";
import { RequestLists, type RequestRowView } from "./RequestLists";
import "~/components/profile/profile.css";

export interface RequestsPageData {
  title: string;
  status: string;
  statusError: string | null;
  sent: FormKey | null;
  lists: Array<{ kind: RequestKind; rows: RequestRowView[] | null }>;
  libraries: Array<{ value: string; label: string }>;
}

export interface RequestsActionView {
  form: FormKey;
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

/**
 * A request-to-the-library screen: heading, the sent notice, the form (when the screen has one) and the
 * patron's requests. `children` sits between the intro and the lists (e.g. links to the forms).
 */
export function RequestsPage({
  data,
  action,
  path,
  intro,
  formKey,
  children,
  showLists = true,
}: {
  data: RequestsPageData;
  action: RequestsActionView | undefined;
  path: string;
  intro: string;
  formKey?: FormKey;
  children?: ReactNode;
  showLists?: boolean;
}) {
  const { t } = useTranslation("librequests");
  const failed = Boolean(action) || Boolean(data.statusError);
  return (
    <div className="page profile account-screen">
      <PageTitle title={data.title} failed={failed} outcome={data.sent ? t(`forms.${data.sent}.sent`) : null} />
      <h1>{data.title}</h1>
      <StatusMessage message={data.sent ? t(`forms.${data.sent}.sent`) : null} />
      <p>{intro}</p>
      {children}
      {formKey ? (
        <section aria-labelledby="nova-solicitacao" className="profile-section">
          <h2 id="nova-solicitacao">{t(`forms.${formKey}.heading`)}</h2>
          <p>{t("required_intro")}</p>
          <RequestForm
            formKey={formKey}
            lastResult={action?.form === formKey ? action.result : undefined}
            formError={action?.form === formKey ? action.formError : null}
            libraries={data.libraries}
          />
        </section>
      ) : null}
      {showLists ? <RequestLists lists={data.lists} status={data.status} statusError={data.statusError} clearHref={path} /> : null}
    </div>
  );
}
