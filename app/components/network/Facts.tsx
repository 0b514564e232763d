import type { ReactNode } from "react";

/** A definition list of label/value pairs, leaving out the empty ones (a hit's or a record's facts). */
export function Facts({ items, className }: { items: Array<[string, ReactNode]>; className: string }) {
  return (
    <dl className={className}>
      {items
        .filter(([, v]) => v != null && v !== "")
        .map(([label, v]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}
