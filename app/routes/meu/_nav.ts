/**
 * The private area's screens, as data: one entry per menu item, in the order of spec §2 "My account menu".
 * The account menu, the route table test and the summary links all read this list.
 *
 * To add a screen: one line here (in menu order), one route line in app/routes.ts (inside the account layout)
 * and the screen file in app/routes/meu/. A screen that is not built yet is not listed (no dead links).
 */

/** Counts the layout can show beside an entry. */
export type AccountCount = "overdueLoans" | "unreadAlerts";

export interface AccountScreen {
  /** Stable id; its position in ACCOUNT_MENU_ORDER fixes the menu order. */
  id: AccountMenuId;
  /** Path below /meu{product}: "" is the summary; sub-pages ("emprestimos/historico") may have entries of their own. */
  path: string;
  /** Label key in the `account` namespace. */
  labelKey: string;
  /** Activity code (spec §6) that gates the screen; without it, any patron allowed into the area sees it. */
  activity?: number;
  /** A count shown beside the label (e.g. unread alerts). */
  count?: AccountCount;
  /** A configuration the screen needs: without it the entry is not shown (paper posting needs a repository, ADR 192). */
  requires?: AccountFeature;
  /** Shown only to professors (spec §6: a teacher's own screens, e.g. their teaching plans). */
  professorOnly?: boolean;
}

/** Configurations a screen may depend on, as the root loader reports them. */
export type AccountFeature = "paperPosting";

/**
 * Every item of the spec's menu, in its order, plus the summary first, the loan history after "renewal",
 * holds (part of circulation, not named in the spec's list) beside loans, and the app page (spec §2 route) last.
 */
export const ACCOUNT_MENU_ORDER = [
  "summary",
  "loans",
  "loan_history",
  "holds",
  "debits",
  "absences",
  "no_debts",
  "interest_profile",
  "interest_areas",
  "check_titles",
  "permanent_basket",
  // Not in the spec's list: named lists, private or shared by a link (issue 29, ADR 246).
  "lists",
  "loan_requests",
  "interlibrary_loan",
  "switching_survey",
  "catalogue_card",
  "suggestions",
  // Spec §6: teachers are pointed to a separate purchase-suggestion route (ADR 195).
  "professor_suggestion",
  // Not in the spec's list: the patron's own comments and their moderation status (issue 11).
  "comments",
  "acquisition_statistics",
  "collection_totals",
  "paper_posting",
  "personal_data",
  "user_swap",
  "specialised_search",
  "teaching_plan",
  "loan_token",
  "alerts",
  // Not in the spec's list: each notice by e-mail and in the alerts, on or off (issue 29, ADR 248).
  "notifications",
  "saved_items",
  "app",
] as const;
export type AccountMenuId = (typeof ACCOUNT_MENU_ORDER)[number];

/** The screens that exist, in menu order (a unit test checks the order and the route table). */
export const ACCOUNT_SCREENS: readonly AccountScreen[] = [
  { id: "summary", path: "", labelKey: "nav.summary" },
  { id: "loans", path: "emprestimos", labelKey: "nav.loans", count: "overdueLoans" },
  { id: "loan_history", path: "emprestimos/historico", labelKey: "nav.loan_history" },
  { id: "holds", path: "reservas", labelKey: "nav.holds" },
  { id: "debits", path: "debitos", labelKey: "nav.debits" },
  { id: "absences", path: "afastamentos", labelKey: "nav.absences" },
  { id: "no_debts", path: "nada-consta", labelKey: "nav.no_debts" },
  { id: "interest_profile", path: "perfil-interesse", labelKey: "nav.interest_profile" },
  { id: "interest_areas", path: "areas-interesse", labelKey: "nav.interest_areas" },
  { id: "check_titles", path: "verificar-titulos", labelKey: "nav.check_titles" },
  { id: "permanent_basket", path: "cesta-permanente", labelKey: "nav.permanent_basket" },
  { id: "lists", path: "listas", labelKey: "nav.lists" },
  { id: "loan_requests", path: "solicitacoes-emprestimo", labelKey: "nav.loan_requests" },
  { id: "interlibrary_loan", path: "emprestimo-entre-bibliotecas", labelKey: "nav.interlibrary_loan" },
  { id: "switching_survey", path: "comutacao-levantamento", labelKey: "nav.switching_survey" },
  { id: "catalogue_card", path: "ficha-catalografica", labelKey: "nav.catalogue_card" },
  { id: "suggestions", path: "sugestoes", labelKey: "nav.suggestions" },
  { id: "professor_suggestion", path: "sugestao-professor", labelKey: "nav.professor_suggestion", activity: 12, professorOnly: true },
  { id: "comments", path: "comentarios", labelKey: "nav.comments" },
  { id: "acquisition_statistics", path: "estatisticas-aquisicao", labelKey: "nav.acquisition_statistics" },
  { id: "collection_totals", path: "totais-acervo", labelKey: "nav.collection_totals" },
  { id: "paper_posting", path: "postagem-trabalho", labelKey: "nav.paper_posting", requires: "paperPosting" },
  { id: "personal_data", path: "dados-pessoais", labelKey: "nav.personal_data" },
  { id: "user_swap", path: "troca-usuario", labelKey: "nav.user_swap" },
  { id: "specialised_search", path: "pesquisa-especializada", labelKey: "nav.specialised_search" },
  { id: "teaching_plan", path: "plano-ensino", labelKey: "nav.teaching_plan", professorOnly: true },
  { id: "loan_token", path: "token", labelKey: "nav.loan_token" },
  { id: "alerts", path: "alertas", labelKey: "nav.alerts", count: "unreadAlerts" },
  { id: "notifications", path: "notificacoes", labelKey: "nav.notifications" },
  { id: "saved_items", path: "itens-salvos", labelKey: "nav.saved_items" },
  { id: "app", path: "app", labelKey: "nav.app" },
];

/** Besides activities, what decides whether a screen is shown: the patron is a professor; the institution's configuration. */
export interface ScreenContext {
  professor?: boolean;
  paperPosting?: boolean;
}

/** The screens a patron sees: those their activities allow, professor-only ones only for professors, configured ones only when configured. */
export function visibleScreens(
  activities: readonly number[],
  ctx: ScreenContext,
  screens: readonly AccountScreen[] = ACCOUNT_SCREENS,
): AccountScreen[] {
  return screens.filter(
    (s) =>
      (s.activity === undefined || activities.includes(s.activity)) &&
      (!s.professorOnly || ctx.professor === true) &&
      (s.requires === undefined || ctx[s.requires] === true),
  );
}

/** The full path of a screen, e.g. accountPath("/meupergamum", "emprestimos"). */
export function accountPath(base: string, path: string): string {
  return path ? `${base}/${path}` : base;
}

/**
 * The entry a location belongs to: the longest entry path that is the location or a parent of it
 * (so /meupergamum/emprestimos/renovacao marks "loans" as current, unless it has an entry of its own).
 */
export function currentScreen(base: string, pathname: string, screens: readonly AccountScreen[] = ACCOUNT_SCREENS): AccountScreen | null {
  const clean = pathname.replace(/\/+$/, "") || "/";
  let best: AccountScreen | null = null;
  for (const s of screens) {
    const full = accountPath(base, s.path);
    const matches = clean === full || (s.path !== "" && clean.startsWith(`${full}/`));
    if (matches && (!best || s.path.length > best.path.length)) best = s;
  }
  if (!best && clean === base) return screens.find((s) => s.path === "") ?? null;
  return best;
}

/** The path of a screen by id, or null while that screen does not exist (so no link is drawn to it). */
export function screenHref(base: string, id: AccountMenuId): string | null {
  const s = ACCOUNT_SCREENS.find((x) => x.id === id);
  return s ? accountPath(base, s.path) : null;
}
