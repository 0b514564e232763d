import { useContext } from "react";
import { useTranslation } from "~/framework/use-translation";
import { UNSAFE_DataRouterContext, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { hereOf, useBasketIds } from "./use-basket";
import "./basket.css";

interface ChangeReply {
  kind: "change";
  intent: "add" | "remove" | "set" | "clear";
  count: number;
  refused: number;
  ids: number[];
}

/**
 * "Add to basket" for one title: a POST form to /cesta that works without JS (the server redirects to the
 * basket with a notice and a link back). With JS it is a fetcher: the page stays, the button turns into
 * "Remove from basket" and a polite status message tells the new basket size.
 */
export function AddToBasket(props: { codAcervo: number; titulo: string }) {
  // Fetchers need a data router; anywhere else (isolated renders) the plain form is the whole feature.
  return useContext(UNSAFE_DataRouterContext) ? (
    <FetcherAddToBasket {...props} />
  ) : (
    <PlainBasketForm acervos={[props.codAcervo]} label={props.titulo} />
  );
}

/** The no-fetcher form: a plain POST to /cesta (the same request a no-JS browser sends). */
function PlainBasketForm({ acervos, label, all }: { acervos: number[]; label: string; all?: boolean }) {
  const { t } = useTranslation("basket");
  const location = useLocation();
  return (
    <form method="post" action="/cesta" className={all ? "add-to-basket add-to-basket--all" : "add-to-basket"}>
      <input type="hidden" name="intent" value="add" />
      {acervos.map((id) => (
        <input key={id} type="hidden" name="acervo" value={id} />
      ))}
      <input type="hidden" name="redirectTo" value={hereOf(location)} />
      <button type="submit" className={all ? "button button--secondary" : "button button--secondary basket-button"}>
        {all ? label : t("add.add")}
        {all ? null : <span className="visually-hidden">: {label}</span>}
      </button>
    </form>
  );
}

function FetcherAddToBasket({ codAcervo, titulo }: { codAcervo: number; titulo: string }) {
  const { t } = useTranslation("basket");
  const fetcher = useFetcher<ChangeReply>();
  const hydrated = useHydrated();
  const location = useLocation();
  const fromRoot = useBasketIds().includes(codAcervo);
  const reply = fetcher.data?.kind === "change" ? fetcher.data : null;
  const inBasket = reply ? reply.ids.includes(codAcervo) : fromRoot;
  // The action's answer arrives before the page's loaders revalidate: show it at once.
  const busy = fetcher.state === "submitting";
  return (
    <fetcher.Form method="post" action="/cesta" className="add-to-basket">
      <input type="hidden" name="intent" value={inBasket ? "remove" : "add"} />
      <input type="hidden" name="acervo" value={codAcervo} />
      <input type="hidden" name="redirectTo" value={hereOf(location)} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" className="button button--secondary basket-button" aria-disabled={busy || undefined}>
        {inBasket ? t("add.remove") : t("add.add")}
        <span className="visually-hidden">: {titulo}</span>
      </button>
      <span className="add-to-basket__status" role="status">
        {reply && !busy ? (reply.refused > 0 ? t("add.full") : t(reply.intent === "add" ? "add.added" : "add.removed", { count: reply.count })) : ""}
      </span>
    </fetcher.Form>
  );
}

/** "Add all on this page": one POST with every title of the page (fetcher with JS, redirect without). */
export function AddAllToBasket({ acervos }: { acervos: number[] }) {
  const { t } = useTranslation("basket");
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  if (acervos.length === 0) return null;
  return dataRouter ? (
    <FetcherAddAll acervos={acervos} />
  ) : (
    <PlainBasketForm acervos={acervos} label={t("add.addAll", { count: acervos.length })} all />
  );
}

function FetcherAddAll({ acervos }: { acervos: number[] }) {
  const { t } = useTranslation("basket");
  const fetcher = useFetcher<ChangeReply>();
  const hydrated = useHydrated();
  const location = useLocation();
  const reply = fetcher.data?.kind === "change" ? fetcher.data : null;
  return (
    <fetcher.Form method="post" action="/cesta" className="add-to-basket add-to-basket--all">
      <input type="hidden" name="intent" value="add" />
      {acervos.map((id) => (
        <input key={id} type="hidden" name="acervo" value={id} />
      ))}
      <input type="hidden" name="redirectTo" value={hereOf(location)} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" className="button button--secondary" aria-disabled={fetcher.state === "submitting" || undefined}>
        {t("add.addAll", { count: acervos.length })}
      </button>
      <span className="add-to-basket__status" role="status">
        {reply && fetcher.state !== "submitting" ? (reply.refused > 0 ? t("add.full") : t("add.addedAll", { count: reply.count })) : ""}
      </span>
    </fetcher.Form>
  );
}
