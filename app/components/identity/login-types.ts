/**
 * The login screen's data (spec §2, §5), shared by the route (app/routes/login.server.ts) and the form it renders
 * in the page, embedded and in the header's dialog (LoginForm, LoginDialog). Types only: no server code.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { SsoOptions } from "~/components/identity/SsoLoginOptions";
import type { DuplicateAccount } from "~/lib/api/identity/types";
import type { FlashKey } from "~/lib/flash";

/** Full page, embedded (no site chrome) or in the header's dialog (spec §1; ADR 174). */
export type LoginMode = "page" | "embed" | "modal";

/** The institution's login variant (spec §5, ADR 173). */
export type LoginVariant = "pessoas_duplicadas" | "categoria" | null;

/** The duplicate-persons variant's step: the user code first, then the account and the password (ADR 173). */
export interface VariantState {
  step: "usuario" | "senha";
  accounts: DuplicateAccount[];
  accountError: string | null;
}

export interface LoginPageData {
  title: string;
  redirectParam: string | null;
  backTo: string;
  flash: FlashKey | null;
  /** The user name a user swap (spec §4) hands over, filled in. */
  usernamePrefill: string | null;
  /** The forgot-password flow is offered (spec §2: mode 2 and crypt 4). */
  recoveryOffered: boolean;
  messageHtml: string | null;
  showGoTo: boolean;
  goToDefault: "area" | "catalogo";
  /** Single sign-on offered (ADR 160): OIDC by an e-mail as username, SAML by the institutional login button. */
  sso: SsoOptions;
  /** Activity 1120: the captcha widget is shown (with JS; ADR 170). */
  captchaOn: boolean;
  variant: LoginVariant;
  separator: string;
  /** The categories to choose from under the category variant (spec §5; names from the library, ADR 173). */
  categories: Array<{ codigo: string; descricao: string }>;
  mode: LoginMode;
  /** Activity 107: the login may be shown in a dialog; without it the dialog shows alternate content (spec §6). */
  modalAllowed: boolean;
  /** Embedded only: the patron is signed in (the frame offers the way on, ADR 174). */
  signedIn: boolean;
}

/** What a refused login posts back: the form's state as typed (never the password, unless the no-JS toggle shows it). */
export interface LoginActionData extends Partial<VariantState> {
  /** A new key per answer, so the password, category and captcha fields start again. */
  attempt: string;
  page: LoginPageData;
  result: SubmissionResult<string[]> | null;
  showPassword: boolean;
  values: { username: string; password: string; categoria: string };
  captchaError?: string | null;
  goToError?: string | null;
  /** The password is locked (too many attempts): the way out is a new password (spec §8). */
  recover?: boolean;
}
