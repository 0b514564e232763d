/** Loaders of the search tabs with forms of their own: authorities (ADR 066) and teaching plan (ADR 067). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  getAuthorityTypes,
  getTeachingPlanOptions,
  getTeachingPlans,
  searchAuthorities,
  type AuthoritySearch,
  type TeachingPlanOptions,
  type TeachingPlans,
} from "~/lib/api/catalogue.server";
import type { ApiClient } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { AuthoritySearchSchema, TEACHING_PLAN_FIELDS, TEACHING_PLAN_REQUIRED_KEY, TeachingPlanSchema } from "~/schemas/search";

/** The authorities tab as the page renders it. */
export interface AuthorityTab {
  /** Types of `GET /autoridade/combo` (the select's choices besides "any"). */
  types: Array<{ codigo: number; descricao: string }>;
  defaults: { termo: string; tipo_autoridade: string };
  results: AuthoritySearch | null;
}

/** The teaching-plan tab as the page renders it. */
export interface TeachingPlanTab {
  /** The form's choices; null when the API could not give them (the page says so). */
  options: TeachingPlanOptions | null;
  defaults: Record<(typeof TEACHING_PLAN_FIELDS)[number], string>;
  results: TeachingPlans | null;
}

/** What a tab loader adds to the page, with the HTTP status. */
export interface TabOutcome<T> {
  tab: T;
  lastResult: SubmissionResult<string[]> | null;
  error: ErrorMessage | null;
  /** The words searched (authorities), for the headings and the page title. */
  searchText: string;
  status: number;
}

const failure = (error: unknown) => ({ error: describeError(error), status: error instanceof ApiError && error.status > 0 ? 502 : 503 });

/** The authorities tab: the type choices, and the search when the URL has a term. */
export async function loadAuthorityTab(api: ApiClient, params: URLSearchParams): Promise<TabOutcome<AuthorityTab>> {
  const typesPromise = getAuthorityTypes(api).catch(() => []);
  const defaults = { termo: params.get("termo") ?? "", tipo_autoridade: params.get("tipo_autoridade") ?? "" };
  const tab: AuthorityTab = { types: [], defaults, results: null };
  const empty = { tab, lastResult: null, error: null, searchText: "", status: 200 };
  if (!params.has("termo")) return { ...empty, tab: { ...tab, types: await typesPromise } };

  const submission = parseWithZod(params, { schema: AuthoritySearchSchema });
  if (submission.status !== "success") return { ...empty, tab: { ...tab, types: await typesPromise }, lastResult: submission.reply(), status: 400 };
  try {
    const [types, results] = await Promise.all([typesPromise, searchAuthorities(api, submission.value)]);
    return { ...empty, tab: { ...tab, types, results }, searchText: submission.value.termo };
  } catch (error) {
    const types = await typesPromise;
    // The API has the last word on the term (e.g. only punctuation): show it on the field.
    if (error instanceof ApiError && error.status === 422 && error.errors?.termo) {
      return {
        ...empty,
        tab: { ...tab, types },
        lastResult: submission.reply({ fieldErrors: { termo: ["catalogue:search.termInvalid"] } }),
        status: 400,
      };
    }
    return { ...empty, tab: { ...tab, types }, searchText: submission.value.termo, ...failure(error) };
  }
}

/** The teaching-plan tab: the form's options, and the plans when the form was submitted (at least one field). */
export async function loadTeachingPlanTab(api: ApiClient, params: URLSearchParams): Promise<TabOutcome<TeachingPlanTab>> {
  const optionsPromise = getTeachingPlanOptions(api).then(
    (o) => ({ options: o, error: null }),
    (error: unknown) => ({ options: null, error }),
  );
  const defaults = Object.fromEntries(TEACHING_PLAN_FIELDS.map((f) => [f, params.get(f) ?? ""])) as TeachingPlanTab["defaults"];
  const base = { lastResult: null, error: null, searchText: "", status: 200 };
  const withOptions = async (): Promise<TeachingPlanTab> => ({ options: (await optionsPromise).options, defaults, results: null });
  // Landing on the tab: the form only (its options failing is a list failure, spec §8).
  if (!TEACHING_PLAN_FIELDS.some((f) => params.has(f))) {
    const o = await optionsPromise;
    return { ...base, tab: await withOptions(), ...(o.error ? failure(o.error) : {}) };
  }
  const submission = parseWithZod(params, { schema: TeachingPlanSchema });
  if (submission.status !== "success") return { ...base, tab: await withOptions(), lastResult: submission.reply(), status: 400 };
  try {
    const [tab, results] = await Promise.all([withOptions(), getTeachingPlans(api, submission.value)]);
    return { ...base, tab: { ...tab, results } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      return {
        ...base,
        tab: await withOptions(),
        lastResult: submission.reply({ fieldErrors: { [TEACHING_PLAN_FIELDS[0]]: [TEACHING_PLAN_REQUIRED_KEY] } }),
        status: 400,
      };
    }
    return { ...base, tab: await withOptions(), ...failure(error) };
  }
}
