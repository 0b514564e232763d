/**
 * "Adicionar à lista" (ADR 246): a small form to put one title in one of the patron's lists, reached from the
 * title page and the results. Signed out, the patron is sent to log in and back here. After the POST the page
 * says what happened and links back to where the patron came from (`voltar`).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getBasketTitles } from "~/lib/api/basket.server";
import { getApi } from "~/lib/api/client.server";
import { addToList, listLists } from "~/lib/api/lists/lists.server";
import { listRef } from "~/lib/api/lists/types";
import { getLanguage, getT } from "~/lib/i18n.server";
import { langAttr, marcLanguageToBcp47 } from "~/lib/lang-of-parts";
import { listErrorKey } from "~/lib/lists.server";
import { requireUser } from "~/lib/require-user.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { AddToListSchema, fieldErrors } from "~/schemas/lists/list-forms";
import { isListId, MAX_LIST_NOTE } from "../../contract/lists";

type Ctx = Readonly<RouterContextProvider>;

function acervoOf(url: URL): number {
  const v = url.searchParams.get("acervo") ?? "";
  if (!isListId(v)) throw data(null, { status: 404 });
  return Number(v);
}

export async function loadAddToList(request: Request, context: Ctx) {
  requireUser(request, context);
  const t = getT(context);
  const lang = getLanguage(context);
  const url = new URL(request.url);
  const acervo = acervoOf(url);
  const api = getApi(context);
  const [titles, lists] = await Promise.all([getBasketTitles(api, [acervo]), listLists(api, acervo)]);
  const title = titles[0];
  if (!title) throw data(null, { status: 404 });
  const back = safeRedirect(url.searchParams.get("voltar") ?? `/acervo/${acervo}`, `/acervo/${acervo}`);
  const doneList = url.searchParams.get("lista");
  const doneKind = url.searchParams.get("feito");
  const chosen = lists.listas.find((l) => listRef(l) === doneList);
  const done =
    chosen && (doneKind === "adicionado" || doneKind === "ja")
      ? t(doneKind === "ja" ? "lists:add.already" : "lists:add.done", { title: title.titulo, list: chosen.nome })
      : null;
  const plainTitle = t("lists:add.page_title");
  return {
    plainTitle,
    pageTitle: titleAfterAction(context, plainTitle, t("common:errors.prefix"), done),
    errorPrefix: t("common:errors.prefix"),
    done,
    back,
    maxNote: MAX_LIST_NOTE,
    title: { id: acervo, name: title.titulo, lang: langAttr(marcLanguageToBcp47(title.idioma ?? null), lang) },
    lists: lists.listas.map((l) => ({ ref: listRef(l), name: l.nome, contains: l.contem === true })),
  };
}

export interface AddToListActionData {
  field: "lista" | "nota";
  error: string;
  lista: string;
  nota: string;
}

export async function addToListAction(request: Request, context: Ctx) {
  requireUser(request, context);
  const t = getT(context);
  const url = new URL(request.url);
  const acervo = acervoOf(url);
  const form = await request.formData();
  const lista = String(form.get("lista") ?? "");
  const nota = String(form.get("nota") ?? "");
  const parsed = AddToListSchema.safeParse({ lista, nota });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const field = errors.lista ? "lista" : "nota";
    return data<AddToListActionData>({ field, error: t(errors[field], { max: MAX_LIST_NOTE }), lista, nota }, { status: 400 });
  }
  try {
    const out = await addToList(getApi(context), parsed.data.lista, acervo, parsed.data.nota || undefined);
    const back = url.searchParams.get("voltar");
    const q = new URLSearchParams({ acervo: String(acervo), lista: listRef(out), feito: out.adicionado ? "adicionado" : "ja" });
    if (back) q.set("voltar", back);
    return redirect(`/listas/adicionar?${q.toString()}`);
  } catch (err) {
    const e = listErrorKey(err);
    return data<AddToListActionData>({ field: "lista", error: t(e.key, e.values), lista, nota }, { status: e.status });
  }
}
