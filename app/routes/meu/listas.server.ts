/** "Listas" (ADR 246): the patron's lists, and a form to create one. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getApi } from "~/lib/api/client.server";
import { createList, listLists } from "~/lib/api/lists/lists.server";
import { listRef } from "~/lib/api/lists/types";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { listErrorKey } from "~/lib/lists.server";
import { fieldErrors, ListNameSchema } from "~/schemas/lists/list-forms";
import { MAX_LIST_NAME, MAX_LISTS } from "../../../contract/lists";
import { LISTS_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;

export async function loadLists(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const listed = await settle(listLists(getApi(context)));
  const params = new URL(request.url).searchParams;
  const done = params.get("feito") === "apagada" ? t("lists:done.apagada") : null;
  const plainTitle = t("lists:page_title");
  return {
    plainTitle,
    pageTitle: titleAfterAction(context, plainTitle, t("common:errors.prefix"), done),
    errorPrefix: t("common:errors.prefix"),
    done,
    max: MAX_LISTS,
    maxName: MAX_LIST_NAME,
    lists: listed.ok
      ? listed.value.listas.map((l) => ({
          ref: listRef(l),
          name: l.nome,
          isDefault: l.padrao,
          isPublic: l.publica,
          items: l.itens,
          updated: l.atualizada_em ? formatDate(l.atualizada_em, lang) : null,
        }))
      : null,
  };
}

export interface ListsActionData {
  error: string;
  nome: string;
}

export async function listsAction(request: Request, context: Ctx) {
  const t = getT(context);
  const form = await request.formData();
  const nome = String(form.get("nome") ?? "");
  const parsed = ListNameSchema.safeParse({ nome });
  if (!parsed.success)
    return data<ListsActionData>(
      { error: t(fieldErrors(parsed.error).nome ?? "lists:errors.name_required", { max: MAX_LIST_NAME }), nome },
      { status: 400 },
    );
  try {
    const made = await createList(getApi(context), parsed.data.nome);
    return redirect(`${LISTS_PATH}/${listRef(made)}?feito=criada`);
  } catch (err) {
    const e = listErrorKey(err);
    return data<ListsActionData>({ error: t(e.key, e.values), nome }, { status: e.status });
  }
}
