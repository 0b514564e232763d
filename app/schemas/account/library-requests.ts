import { z } from "zod";
import { FORMS, type FieldSpec, type FormKey } from "~/lib/library-requests/forms";

/** Message keys; the form renders them with the field's label as {{field}} (spec §5: "the named field is required"). */
export const ERR = {
  required: "librequests:errors.required",
  email: "librequests:errors.email",
  integer: "librequests:errors.integer",
  year: "librequests:errors.year",
  date: "librequests:errors.date",
  choose: "librequests:errors.choose",
  tooLong: "librequests:errors.too_long",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const missing = (iss: { input?: unknown }) => iss.input === undefined || iss.input === "";

function fieldSchema(f: FieldSpec): z.ZodType {
  let s: z.ZodType;
  switch (f.kind) {
    case "integer":
    case "library":
      s = z.number({ error: (iss) => (missing(iss) ? ERR.required : ERR.integer) }).int(ERR.integer).min(1, ERR.integer).max(100000, ERR.integer);
      break;
    case "year":
      s = z.number({ error: (iss) => (missing(iss) ? ERR.required : ERR.year) }).int(ERR.year).min(1000, ERR.year).max(2100, ERR.year);
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

/** The zod schema of one form, shared by the browser (conform) and the action; spec §5 ranges included. */
export function requestFormSchema(key: FormKey) {
  const spec = FORMS[key];
  const shape = Object.fromEntries(spec.fields.map((f) => [f.name, fieldSchema(f)]));
  return z.object(shape).superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    for (const r of spec.ranges ?? []) {
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
  });
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
