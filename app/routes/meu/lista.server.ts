/**
 * A patron's list (ADR 246): its titles with notes; remove a title, edit a note, rename, make public or private
 * (the public link shown), export in the basket's formats, delete with a confirmation step.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { changeList, deleteList, getList, removeFromList, setListNote } from "~/lib/api/lists/lists.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { listErrorKey, listItemView } from "~/lib/lists.server";
import { fieldErrors, ListNameSchema, ListNoteSchema } from "~/schemas/lists/list-forms";
import { EXPORT_FORMATS, isExportFormat } from "~/schemas/basket";
import { isListId, MAX_LIST_NAME, MAX_LIST_NOTE } from "../../../contract/lists";
import { LISTS_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;

const DONE = ["criada", "renomeada", "publica", "privada", "removido", "nota"] as const;

/** The list's reference from the URL: "padrao" or a positive id; anything else is a 404. */
export function refParam(value: string | undefined): string {
  if (!value || (value !== "padrao" && !isListId(value))) throw data(null, { status: 404 });
  return value;
}

export async function loadList(request: Request, context: Ctx, lista: string) {
  const t = getT(context);
  const lang = getLanguage(context);
  let list;
  try {
    list = await getList(getApi(context), lista);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
  const url = new URL(request.url);
  const doneKey = DONE.find((d) => d === url.searchParams.get("feito")) ?? null;
  const done = doneKey ? t(`lists:done.${doneKey}`, { name: list.nome }) : null;
  const plainTitle = list.nome;
  return {
    plainTitle,
    pageTitle: titleAfterAction(context, plainTitle, t("common:errors.prefix"), done),
    errorPrefix: t("common:errors.prefix"),
    done,
    confirmDelete: url.searchParams.get("apagar") === "1" && !list.padrao,
    maxName: MAX_LIST_NAME,
    maxNote: MAX_LIST_NOTE,
    formats: EXPORT_FORMATS.map((f) => ({ value: f, label: t(`basket:formats.${f}`) })),
    list: {
      ref: lista,
      name: list.nome,
      isDefault: list.padrao,
      isPublic: list.publica,
      publicUrl: list.token_publico ? new URL(`/listas/${list.token_publico}`, url.origin).toString() : null,
      count: list.itens,
    },
    items: list.titulos.map((i) => ({
      ...listItemView(i, lang),
      added: i.data_inclusao ? formatDate(i.data_inclusao, lang) : null,
      href: `/acervo/${i.cod_acervo}`,
    })),
  };
}

export interface ListActionData {
  /** Which form failed: the rename, the export, a note ("nota:<id>") or the whole list (delete). */
  form: string;
  error: string;
  value: string;
}

export async function listAction(request: Request, context: Ctx, lista: string) {
  const t = getT(context);
  const api = getApi(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = `${LISTS_PATH}/${lista}`;
  const fail = (name: string, error: string, value: string, status = 400) => data<ListActionData>({ form: name, error, value }, { status });
  const refused = (name: string, value: string, err: unknown) => {
    const e = listErrorKey(err);
    return fail(name, t(e.key, e.values), value, e.status);
  };

  const note = /^nota:([1-9]\d{0,14})$/.exec(intent);
  const remove = /^remover:([1-9]\d{0,14})$/.exec(intent);
  if (note) {
    const value = String(form.get(`nota-${note[1]}`) ?? "");
    const parsed = ListNoteSchema.safeParse({ nota: value });
    if (!parsed.success) return fail(intent, t(fieldErrors(parsed.error).nota, { max: MAX_LIST_NOTE }), value);
    try {
      await setListNote(api, lista, Number(note[1]), parsed.data.nota);
    } catch (err) {
      return refused(intent, value, err);
    }
    return redirect(`${here}?feito=nota#item-${note[1]}`);
  }
  if (remove) {
    try {
      await removeFromList(api, lista, Number(remove[1]));
    } catch (err) {
      return refused("lista", "", err);
    }
    return redirect(`${here}?feito=removido`);
  }
  if (intent === "renomear") {
    const value = String(form.get("nome") ?? "");
    const parsed = ListNameSchema.safeParse({ nome: value });
    if (!parsed.success) return fail("nome", t(fieldErrors(parsed.error).nome, { max: MAX_LIST_NAME }), value);
    try {
      await changeList(api, lista, { nome: parsed.data.nome });
    } catch (err) {
      return refused("nome", value, err);
    }
    return redirect(`${here}?feito=renomeada`);
  }
  if (intent === "publica" || intent === "privada") {
    try {
      await changeList(api, lista, { publica: intent === "publica" });
    } catch (err) {
      return refused("lista", "", err);
    }
    return redirect(`${here}?feito=${intent}`);
  }
  if (intent === "exportar") {
    const formato = String(form.get("formato") ?? "");
    if (!isExportFormat(formato)) return fail("formato", t("lists:errors.format_required"), formato);
    return redirect(`${here}/exportar?tipo=${formato}`);
  }
  if (intent === "apagar") {
    try {
      await deleteList(api, lista);
    } catch (err) {
      return refused("lista", "", err);
    }
    return redirect(`${LISTS_PATH}?feito=apagada`);
  }
  return fail("lista", t("lists:errors.invalid"), "");
}
