/**
 * The permanent basket (spec §2 account menu, §7 `cesta-permanente`): the titles a patron saved from the basket
 * "to find them on another visit". List them, remove them, copy them into this visit's basket, export them.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { listPermanentBasket, removeFromPermanentBasket } from "~/lib/api/basket.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { applyBasketChange, basketCookie, readBasket } from "~/lib/basket.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { langAttr, marcLanguageToBcp47 } from "~/lib/lang-of-parts";
import { EXPORT_FORMATS, isExportFormat, type ExportFormat } from "~/schemas/basket";
import { PERMANENT_BASKET_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;

const DONE = ["removidos", "na-cesta"] as const;
type Done = (typeof DONE)[number];

export async function loadPermanentBasket(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const listed = await settle(listPermanentBasket(getApi(context)));
  const params = new URL(request.url).searchParams;
  const done = DONE.find((d) => d === params.get("feito")) ?? null;
  const count = Math.max(0, Math.min(1000, Number(params.get("n")) || 0));
  const plainTitle = t("permanent:page_title");
  return {
    plainTitle,
    pageTitle: titleAfterAction(context, plainTitle, t("common:errors.prefix"), done ? t(`permanent:done.${done}`, { count }) : null),
    errorPrefix: t("common:errors.prefix"),
    done: done ? { kind: done as Done, count } : null,
    formats: EXPORT_FORMATS.map((f) => ({ value: f, label: t(`basket:formats.${f}`) })),
    items: listed.ok
      ? listed.value.map((i) => ({
          id: i.cod_acervo,
          title: i.titulo,
          lang: langAttr(marcLanguageToBcp47(i.idioma), lang),
          author: i.autor,
          year: i.ano_publicacao,
          type: i.desc_tipo_obra,
          added: formatDate(i.data_inclusao, lang),
          href: `/acervo/${i.cod_acervo}`,
        }))
      : null,
  };
}

export interface PermanentActionData {
  error: string;
  /** The field the error belongs to: the selection or the export format. */
  field: "acervo" | "formato";
  /** What the patron chose, kept for the form shown again. */
  selected: number[];
  formato: string;
}

/** The positive ids of the form's `acervo` checkboxes (each once, at most 100: the API's limit). */
function selectedIds(form: FormData): number[] {
  const ids = form
    .getAll("acervo")
    .map((v) => String(v))
    .filter((v) => /^[1-9]\d{0,14}$/.test(v))
    .map(Number);
  return [...new Set(ids)].slice(0, 100);
}

export async function permanentBasketAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const intent = String(form.get("intent") ?? "");
  const formato = String(form.get("formato") ?? "");
  // A row's own "Remove" button names its title (intent "remover:<id>"); the others act on the ticked titles.
  const one = /^remover:([1-9]\d{0,14})$/.exec(intent);
  const ids = one ? [Number(one[1])] : selectedIds(form);
  const fail = (field: PermanentActionData["field"], key: string) =>
    data<PermanentActionData>({ error: t(key), field, selected: ids, formato }, { status: 400 });
  if (!one && !["remover", "cesta", "exportar"].includes(intent)) return fail("acervo", "permanent:errors.invalid");
  if (ids.length === 0) return fail("acervo", "permanent:errors.none_selected");
  if (one || intent === "remover") {
    try {
      await removeFromPermanentBasket(getApi(context), ids);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) throw err;
      const m = describeError(err);
      return data<PermanentActionData>(
        { error: t(m.key, m.values), field: "acervo", selected: ids, formato },
        { status: err.status === 0 ? 503 : 400 },
      );
    }
    return redirect(`${PERMANENT_BASKET_PATH}?feito=removidos&n=${ids.length}`);
  }
  if (intent === "cesta") {
    const { ids: basket } = applyBasketChange(readBasket(request), { intent: "add", acervos: ids });
    return redirect(`${PERMANENT_BASKET_PATH}?feito=na-cesta&n=${ids.length}`, { headers: { "Set-Cookie": basketCookie(basket, request) } });
  }
  if (!isExportFormat(formato)) return fail("formato", "permanent:errors.format_required");
  const tipo: ExportFormat = formato;
  return redirect(`/cesta/exportar?tipo=${tipo}&acervos=${ids.join(".")}`);
}
