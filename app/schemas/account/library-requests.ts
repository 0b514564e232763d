import { z } from "zod";
import { isIsbnOrIssn, maxYear, MIN_YEAR, pagesIssue } from "../../../contract/request-fields";
import { FORMS, type FieldSpec, type FormKey } from "~/lib/library-requests/forms";

/** Message keys; the form renders them with the field's label as {{field}} (spec §5: "the named field is required"). */
export const ERR = {
  required: "librequests:errors.required",
  email: "librequests:errors.email",
  integer: "librequests:errors.integer",
  year: "librequests:errors.year",
  yearRange: "librequests:errors.year_range",
  isbnIssn: "librequests:errors.isbn_issn",
  pages: "librequests:errors.pages",
  pagesOrder: "librequests:errors.pages_order",
  date: "librequests:errors.date",
  choose: "librequests:errors.choose",
  tooLong: "librequests:errors.too_long",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const missing = (iss: { input?: unknown }) => iss.input === undefined || iss.input === "";

/** What the schema checks beyond the field list: the libraries the form offers (a code not among them is refused). */
export interface RequestFormOptions {
  libraries?: readonly string[];
}

function fieldSchema(f: FieldSpec, opts: RequestFormOptions): z.ZodType {
  let s: z.ZodType;
  switch (f.kind) {
    case "integer":
      s = z
        .number({ error: (iss) => (missing(iss) ? ERR.required : ERR.integer) })
        .int(ERR.integer)
        .min(1, ERR.integer)
        .max(100000, ERR.integer);
      break;
    case "library": {
      const base = z
        .number({ error: (iss) => (missing(iss) ? ERR.required : ERR.choose) })
        .int(ERR.choose)
        .min(1, ERR.choose);
      const offered = opts.libraries ?? [];
      s = offered.length ? base.refine((v) => offered.includes(String(v)), ERR.choose) : base;
      break;
    }
    case "year":
      // Four digits is the format; a year in the future or before MIN_YEAR gets the range it must be in.
      s = z
        .number({ error: (iss) => (missing(iss) ? ERR.required : ERR.year) })
        .int(ERR.year)
        .min(MIN_YEAR, ERR.yearRange)
        .refine((v) => v <= maxYear(), ERR.yearRange);
      break;
    case "isbn_issn":
      s = z
        .string({ error: ERR.required })
        .trim()
        .max(f.max ?? 40, ERR.tooLong)
        .refine(isIsbnOrIssn, ERR.isbnIssn);
      break;
    case "pages":
      s = z
        .string({ error: ERR.required })
        .trim()
        .max(f.max ?? 50, ERR.tooLong)
        .superRefine((v, ctx) => {
          const issue = pagesIssue(v);
          if (issue) ctx.addIssue({ code: "custom", message: issue === "ordem" ? ERR.pagesOrder : ERR.pages });
        });
      break;
    case "date":
      s = z
        .string({ error: ERR.required })
        .regex(DATE, ERR.date)
        .refine((v) => !Number.isNaN(Date.parse(v)), ERR.date);
      break;
    case "select":
      s = z.enum(f.options as [string, ...string[]], { error: (iss) => (missing(iss) ? ERR.required : ERR.choose) });
      break;
    case "checkbox":
      s = z.string().optional();
      break;
    case "email": {
      const base = z.string({ error: ERR.required }).trim();
      s = (f.required ? base.min(1, ERR.required) : base).max(f.max ?? 200, ERR.tooLong).pipe(z.email(ERR.email));
      break;
    }
    default: {
      const base = z.string({ error: ERR.required }).trim();
      s = (f.required ? base.min(1, ERR.required) : base).max(f.max ?? 300, ERR.tooLong);
    }
  }
  return f.required || f.kind === "checkbox" ? s : s.optional();
}

/**
 * The zod schema of one form, shared by the browser (conform) and the action; spec §5 ranges included. Every
 * error is reported at once: the ranges are checked even when another field is wrong.
 */
export function requestFormSchema(key: FormKey, opts: RequestFormOptions = {}) {
  const spec = FORMS[key];
  const shape = Object.fromEntries(spec.fields.map((f) => [f.name, fieldSchema(f, opts)]));
  return z.object(shape).superRefine(
    (value, ctx) => {
      const v = value as Record<string, unknown>;
      for (const r of spec.ranges ?? []) {
        // A range end that failed its own check already has its message.
        if (ctx.issues?.some((i) => i.path?.[0] === r.start || i.path?.[0] === r.end)) continue;
        const a = v[r.start];
        const b = v[r.end];
        const has = (x: unknown) => x !== undefined && x !== null && x !== "";
        if (has(a) !== has(b)) {
          // The required one's own "required" error is already there; otherwise name the missing end.
          const empty = has(a) ? r.end : r.start;
          const required = spec.fields.find((f) => f.name === empty)?.required;
          if (!required) ctx.addIssue({ code: "custom", path: [empty], message: r.both });
        } else if (has(a) && has(b) && (typeof a === "number" && typeof b === "number" ? a > b : String(a) > String(b))) {
          ctx.addIssue({ code: "custom", path: [r.end], message: r.order });
        }
      }
    },
    { when: () => true },
  );
}

/** The API body of a valid submission: checkboxes as booleans, blanks left out. */
export function requestBody(key: FormKey, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FORMS[key].fields) {
    const v = value[f.name];
    if (f.kind === "checkbox") out[f.name] = v === "on";
    else if (v !== undefined && v !== "") out[f.name] = v;
  }
  return out;
}
