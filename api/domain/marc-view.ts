/** MARC-in-JSON as the importer stores it in `acervo.marc`. */
export interface MarcJson {
  leader?: string;
  fields?: Array<Record<string, string | { ind1?: string; ind2?: string; subfields?: Array<Record<string, string>> }>>;
}

export type MarcCampo =
  { tag: string; valor: string } | { tag: string; ind1: string; ind2: string; subcampos: Array<{ codigo: string; valor: string }> };

/** Parses the stored MARC-in-JSON; a broken value yields an empty record. */
export function parseMarc(text: string | null | undefined): MarcJson {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" ? (v as MarcJson) : {};
  } catch {
    return {};
  }
}

/** Local and staff-only fields the public view hides unless `liberacao=1`: 9XX and 59X. */
export function isPrivateTag(tag: string): boolean {
  return /^9\d\d$/.test(tag) || /^59\d$/.test(tag);
}

/** The record as the /marc endpoint returns it: `{leader, campos}`. */
export function marcView(marc: MarcJson, includePrivate: boolean): { leader: string; campos: MarcCampo[] } {
  const campos: MarcCampo[] = [];
  for (const field of marc.fields ?? []) {
    for (const [tag, value] of Object.entries(field)) {
      if (!includePrivate && isPrivateTag(tag)) continue;
      if (typeof value === "string") campos.push({ tag, valor: value });
      else
        campos.push({
          tag,
          ind1: value.ind1 ?? " ",
          ind2: value.ind2 ?? " ",
          subcampos: (value.subfields ?? []).flatMap((sf) => Object.entries(sf).map(([codigo, valor]) => ({ codigo, valor: String(valor) }))),
        });
    }
  }
  return { leader: marc.leader ?? "", campos };
}

/** Strips ISBD punctuation that MARC subfields carry at their end (" /", " :", ",", ";", "."). */
export function trimIsbd(text: string): string {
  return text.replace(/[\s/:;,=.]+$/u, "").replace(/^\s+/u, "");
}

function subfields(marc: MarcJson, tags: string[], codes: string, separator = " "): string[] {
  const out: string[] = [];
  for (const field of marc.fields ?? []) {
    for (const [tag, value] of Object.entries(field)) {
      if (!tags.includes(tag) || typeof value === "string") continue;
      const parts = (value.subfields ?? [])
        .flatMap((sf) => Object.entries(sf))
        .filter(([c]) => codes.includes(c))
        .map(([, v]) => String(v));
      const joined = trimIsbd(parts.map((p) => (separator === " " ? p : trimIsbd(p))).join(separator));
      if (joined) out.push(joined);
    }
  }
  return out;
}

function control(marc: MarcJson, tag: string): string | null {
  for (const field of marc.fields ?? []) {
    const v = field[tag];
    if (typeof v === "string") return v;
  }
  return null;
}

const DC_TYPE: Record<string, string> = {
  a: "Text",
  t: "Text",
  c: "Text",
  d: "Text",
  e: "Image",
  f: "Image",
  g: "MovingImage",
  k: "StillImage",
  i: "Sound",
  j: "Sound",
  m: "Software",
  o: "Collection",
  p: "Collection",
  r: "PhysicalObject",
};

/** Dublin Core elements by the Library of Congress MARC → DC crosswalk (simple DC). */
export function dublinCore(marc: MarcJson): Array<{ elemento: string; valor: string }> {
  const out: Array<{ elemento: string; valor: string }> = [];
  const add = (elemento: string, values: Array<string | null | undefined>) => {
    for (const v of values) if (v && !out.some((e) => e.elemento === elemento && e.valor === v)) out.push({ elemento, valor: v });
  };
  add("title", subfields(marc, ["245"], "abfghknps"));
  add("creator", subfields(marc, ["100", "110", "111"], "abcdq"));
  add("contributor", subfields(marc, ["700", "710", "711", "720"], "abcdq"));
  add("subject", subfields(marc, ["600", "610", "611", "630", "650", "653"], "abcdvxyz", " -- "));
  add("subject", subfields(marc, ["050", "082"], "a"));
  add(
    "description",
    subfields(
      marc,
      ["500", "501", "502", "504", "505", "507", "508", "511", "513", "518", "520", "521", "522", "524", "533", "534", "538", "545"],
      "a",
    ),
  );
  add("publisher", subfields(marc, ["260", "264"], "b"));
  const f008 = control(marc, "008");
  const year008 = f008 && /^\d{4}$/.test(f008.slice(7, 11)) ? f008.slice(7, 11) : null;
  add("date", [...subfields(marc, ["260", "264"], "c"), year008]);
  const leader = marc.leader ?? "";
  add("type", [DC_TYPE[leader[6]] ?? null]);
  add("format", subfields(marc, ["300"], "abce"));
  add(
    "identifier",
    subfields(marc, ["020"], "a").map((i) => `URN:ISBN:${i.split(" ")[0]}`),
  );
  add(
    "identifier",
    subfields(marc, ["022"], "a").map((i) => `URN:ISSN:${i}`),
  );
  add("identifier", subfields(marc, ["856"], "u"));
  const lang008 = f008 && f008.length >= 38 ? f008.slice(35, 38).trim() : "";
  add("language", [lang008 || null, ...subfields(marc, ["041"], "a")]);
  add("relation", subfields(marc, ["490", "800", "810", "811", "830"], "av"));
  add("coverage", subfields(marc, ["651"], "a"));
  add("rights", subfields(marc, ["506", "540"], "a"));
  return out;
}

/** An additional title of a record: uniform (130/240/730), variant (246) or related/analytical (740). */
export interface AdditionalTitle {
  tipo: "uniforme" | "variante" | "relacionado";
  titulo: string;
}

const ADDITIONAL: Record<string, { tipo: AdditionalTitle["tipo"]; codes: string }> = {
  "130": { tipo: "uniforme", codes: "adfklmnoprs" },
  "240": { tipo: "uniforme", codes: "adfklmnoprs" },
  "730": { tipo: "uniforme", codes: "adfklmnoprst" },
  "246": { tipo: "variante", codes: "abnp" },
  "740": { tipo: "relacionado", codes: "anp" },
};

/** The additional titles of a record, in record order, without repeats. */
export function additionalTitles(marc: MarcJson): AdditionalTitle[] {
  const out: AdditionalTitle[] = [];
  for (const field of marc.fields ?? []) {
    for (const [tag, value] of Object.entries(field)) {
      const spec = ADDITIONAL[tag];
      if (!spec || typeof value === "string") continue;
      const titulo = trimIsbd(
        (value.subfields ?? [])
          .flatMap((sf) => Object.entries(sf))
          .filter(([code]) => spec.codes.includes(code))
          .map(([, v]) => String(v).trim())
          .join(" "),
      );
      if (titulo && !out.some((t) => t.tipo === spec.tipo && t.titulo === titulo)) out.push({ tipo: spec.tipo, titulo });
    }
  }
  return out;
}
