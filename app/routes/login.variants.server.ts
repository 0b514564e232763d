/**
 * The institution login variants on the login page (spec §5; ADR 173). The duplicate-persons variant asks for
 * the user code first; when several accounts share it the patron chooses one ("Escolha a conta"), and the name
 * sent to the API is the code joined to the chosen person code.
 */
import type { RouterContextProvider } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { duplicateAccounts, type DuplicateAccount } from "~/lib/api/identity/duplicates.server";
import type { getT } from "~/lib/i18n.server";
import type { SiteConfig } from "~/lib/site-config.server";
import type { LoginVariant, VariantState } from "~/components/identity/login-types";

/** What the login page must know of the variant. */
export function variantOf(config: SiteConfig | null): { variant: LoginVariant; separator: string } {
  const v = config?.instituicao.login_variante;
  const sep = config?.instituicao.separador_login;
  return { variant: v === "pessoas_duplicadas" || v === "categoria" ? v : null, separator: typeof sep === "string" && sep ? sep : "#" };
}

/** The categories the category variant offers (from the institution data; none under another variant). */
export function categoriesOf(config: SiteConfig | null): Array<{ codigo: string; descricao: string }> {
  if (variantOf(config).variant !== "categoria") return [];
  return (config?.instituicao.categorias_login ?? []).filter((c) => c.codigo && c.descricao);
}

/** The accounts sharing a user code; a failed lookup offers none (the login then fails or succeeds as typed). */
export async function accountsFor(context: Readonly<RouterContextProvider>, usuario: string): Promise<DuplicateAccount[]> {
  if (!usuario.trim()) return [];
  return duplicateAccounts(getApi(context), usuario.trim()).catch(() => []);
}

/**
 * The duplicate-persons step of a login post: the accounts to show, the choice's error, and the name to send
 * (the code joined to the chosen person code when there is a choice to make).
 */
export async function duplicateStep(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  separator: string,
  t: ReturnType<typeof getT>,
): Promise<VariantState & { loginName: string }> {
  const usuario = String(form.get("username") ?? "").trim();
  const accounts = await accountsFor(context, usuario);
  if (!usuario) return { step: "usuario", accounts, accountError: null, loginName: usuario };
  if (accounts.length === 0) return { step: "senha", accounts, accountError: null, loginName: usuario };
  const chosen = accounts.find((a) => String(a.codigo) === String(form.get("pessoa") ?? ""));
  return chosen
    ? { step: "senha", accounts, accountError: null, loginName: `${usuario}${separator}${chosen.codigo}` }
    : { step: "senha", accounts, accountError: t("login:duplicates.account_required"), loginName: usuario };
}
