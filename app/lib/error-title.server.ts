import { Transform } from "node:stream";

/** Statuses of a page that shows a form's errors (DESIGN.md "Forms": 400; the API's validation: 422). */
export const isFormErrorStatus = (status: number) => status === 400 || status === 422;

const TITLE = Buffer.from("<title>");
const HEAD_END = Buffer.from("</head>");

/**
 * A pass-through stream that puts `prefix` ("Erro:") at the start of the document's first `<title>`, so a
 * page answering a failed submission says so in its title before anything else (GOV.UK; WCAG 3.3.1). The
 * head comes first in the stream, so only its start is held until the title has gone by. It works on bytes
 * (the markers are ASCII), so a character split between chunks passes through whole. See ADR 137.
 */
export function prefixTitle(prefix: string): Transform {
  const insert = Buffer.from(`${prefix.replace(/&/g, "&amp;").replace(/</g, "&lt;")} `, "utf8");
  let held = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const at = held.indexOf(TITLE);
      if (at === -1 && held.indexOf(HEAD_END) === -1) return callback();
      done = true;
      // A page whose own title already says "Erro:" (set by its route after a failed action) keeps one prefix.
      const start = at + TITLE.length;
      const already = at !== -1 && held.subarray(start, start + insert.length).equals(insert);
      const out = at === -1 || already ? held : Buffer.concat([held.subarray(0, start), insert, held.subarray(start)]);
      held = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, done || held.length === 0 ? undefined : held);
    },
  });
}
