/**
 * Orchestration shared by the request-to-the-library screens (ADR 190): each screen lists the patron's requests
 * of its kinds (filtered by status) and posts one form. Validation failures keep what the patron typed (400);
 * the API's rule refusals (duplicate, limit: spec §8) come back as the form's message (422).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { CatalogueCardAnswerSchema } from "~/lib/api/account/library-request-types";
import { createLibraryRequest, listLibraryRequests } from "~/lib/api/account/library-requests.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getUnits } from "~/lib/api/requests.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { formOfRequest, FORMS, REQUEST_STATUSES, type FormKey, type RequestKind, type RequestStatus } from "~/lib/library-requests/forms";
import { requestBody, requestFormSchema } from "~/schemas/account/library-requests";

type Ctx = Readonly<RouterContextProvider>;

/** One request as a list row. */
export interface RequestRow {
  id: number;
  form: FormKey | null;
  title: string;
  date: string;
  status: RequestStatus;
  answer: string | null;
  answeredOn: string;
  /** For an answered catalogue card: its PDF's path. */
  cardPdf: string | null;
}

export interface RequestList {
  kind: RequestKind;
  rows: RequestRow[] | null;
}

/**
 * The screen's data: its lists (one per kind), the status filter (an unknown status is the patron's mistake:
 * 400 with the message beside the filter), the notice after a request was sent, and options the form needs.
 */
export async function loadRequestsPage(
  request: Request,
  context: Ctx,
  opts: { titleKey: string; kinds: RequestKind[]; libraries?: boolean; cardPdfBase?: string },
) {
  const url = new URL(request.url);
  const t = getT(context);
  const lang = getLanguage(context);
  const api = getApi(context);
  const raw = (url.searchParams.get("situacao") ?? "").slice(0, 30);
  const statusValid = raw === "" || (REQUEST_STATUSES as readonly string[]).includes(raw);
  const status = statusValid && raw ? (raw as RequestStatus) : undefined;
  const row = (r: Awaited<ReturnType<typeof listLibraryRequests>>[number]): RequestRow => {
    const form = formOfRequest(r.tipo, r.subtipo);
    const card = r.tipo === "ficha-catalografica" && r.situacao === "atendida" ? CatalogueCardAnswerSchema.safeParse(r.resposta) : null;
    return {
      id: r.cod_solicitacao,
      form: form?.key ?? null,
      title: String((form && r.dados[form.titleField]) ?? ""),
      date: formatDate(r.created_at, lang),
      status: r.situacao,
      answer: typeof r.resposta?.mensagem === "string" ? r.resposta.mensagem : null,
      answeredOn: formatDate(r.data_resposta, lang),
      cardPdf: card?.success && opts.cardPdfBase ? `${opts.cardPdfBase}/${r.cod_solicitacao}/pdf` : null,
    };
  };
  const [lists, units] = await Promise.all([
    Promise.all(
      opts.kinds.map(async (kind): Promise<RequestList> => {
        if (!statusValid) return { kind, rows: [] };
        const res = await settle(listLibraryRequests(api, kind, status));
        return { kind, rows: res.ok ? res.value.map(row) : null };
      }),
    ),
    opts.libraries ? settle(getUnits(api)) : Promise.resolve(null),
  ]);
  const aviso = url.searchParams.get("aviso");
  const payload = {
    title: t(opts.titleKey),
    status: raw,
    statusError: statusValid ? null : t("librequests:errors.status_invalid"),
    sent: aviso && (Object.keys(FORMS) as string[]).includes(aviso) ? (aviso as FormKey) : null,
    lists,
    libraries: units?.ok ? units.value.map((u) => ({ value: String(u.cod_biblioteca), label: `${u.desc_biblioteca} (${u.nome_campus})` })) : [],
  };
  return statusValid ? payload : data(payload, { status: 400 });
}

export interface RequestActionData {
  form: FormKey;
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

/** Posts one form to the API; success redirects to `listPath?aviso=<form>` (PRG). */
export async function requestAction(request: Request, context: Ctx, key: FormKey, listPath: string) {
  const formData = await request.formData();
  // The same libraries the form offered: a wrong one is reported with the other errors, not after them.
  const needsLibraries = FORMS[key].fields.some((f) => f.kind === "library");
  const units = needsLibraries ? await settle(getUnits(getApi(context))) : null;
  const libraries = units?.ok ? units.value.map((u) => String(u.cod_biblioteca)) : [];
  const submission = parseWithZod(formData, { schema: requestFormSchema(key, { libraries }) });
  if (submission.status !== "success") return data<RequestActionData>({ form: key, result: submission.reply(), formError: null }, { status: 400 });
  try {
    await createLibraryRequest(getApi(context), FORMS[key].apiPath, requestBody(key, submission.value as Record<string, unknown>));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.code === "solicitacao_duplicada" || err.code === "limite_solicitacoes") {
      const message = { key: err.code === "solicitacao_duplicada" ? "librequests:errors.duplicate" : "librequests:errors.limit" };
      return data<RequestActionData>({ form: key, result: submission.reply(), formError: message }, { status: 422 });
    }
    if (err.status === 422 && err.errors) {
      const known = new Set(FORMS[key].fields.map((f) => f.name));
      const fieldErrors = Object.fromEntries(
        Object.keys(err.errors)
          .filter((f) => known.has(f))
          .map((f) => [f, ["librequests:errors.invalid"]]),
      );
      return data<RequestActionData>(
        { form: key, result: submission.reply({ fieldErrors }), formError: Object.keys(fieldErrors).length ? null : describeError(err) },
        { status: 400 },
      );
    }
    return data<RequestActionData>(
      { form: key, result: submission.reply(), formError: describeError(err) },
      { status: err.status === 0 ? 503 : 400 },
    );
  }
  return redirect(`${listPath}?aviso=${key}`);
}
