import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import type { ErrorMessage } from "~/lib/api/errors";
import { PRODUCT_NAME } from "~/lib/product";
import { WaitingListJoinSchema } from "~/schemas/waiting-list";

export interface WaitingListView {
  oferecida: boolean;
  tamanho: number;
  posicao: number | null;
}

/**
 * The waiting-list offer of a title that can be neither requested nor held (spec §8, ADR 094): the patron's
 * place when already waiting, else a POST form to join (handled by the hold page's action, then PRG).
 */
export function WaitingListOffer({
  codAcervo,
  waiting,
  result,
  formError,
}: {
  codAcervo: number;
  waiting: WaitingListView;
  result?: SubmissionResult<string[]>;
  formError?: ErrorMessage | null;
}) {
  const { t } = useTranslation("requests");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "lista-espera",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WaitingListJoinSchema }),
    shouldValidate: "onSubmit",
  });
  const buttonId = "lista-espera-entrar";
  const errors = [
    ...(formError ? [{ fieldId: buttonId, message: t(formError.key, formError.values) }] : []),
    ...(fields.intent.errors ?? []).map((key) => ({ fieldId: buttonId, message: t(key) })),
  ];
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <section aria-labelledby="lista-espera-titulo" className="waiting-list">
      <h2 id="lista-espera-titulo">{t("waiting.heading")}</h2>
      {waiting.posicao ? (
        <p className="notice">{t("waiting.position", { position: waiting.posicao })}</p>
      ) : (
        <>
          <ErrorSummary errors={errors} />
          <p>{t("waiting.offer", { product: PRODUCT_NAME })}</p>
          <p>{waiting.tamanho > 0 ? t("waiting.size", { count: waiting.tamanho }) : t("waiting.size_empty")}</p>
          <Form method="post" action={`/acervo/${codAcervo}/reserva`} {...getFormProps(form)}>
            <button
              type="submit"
              id={buttonId}
              name="intent"
              value="lista-espera"
              className="button"
              aria-disabled={submitting || undefined}
              onClick={(e) => submitting && e.preventDefault()}
            >
              {submitting ? t("sending") : t("waiting.join")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
