import { useTranslation } from "~/framework/use-translation";
import type { Marc } from "~/lib/api/types/acervo";
import { DataTable } from "./SubPage";

/** A tagged MARC display: leader, then one row per field (tag, indicators, subfields as "$a value"). */
export function MarcTable({ marc, caption }: { marc: Marc; caption: string }) {
  const { t } = useTranslation("acervo");
  if (!marc.leader && marc.campos.length === 0) return <p>{t("marc.empty")}</p>;
  const blank = (v: string) => (v.trim() === "" ? "#" : v);
  return (
    <DataTable id="marc-legenda" caption={caption} className="marc">
      <thead>
        <tr>
          <th scope="col">{t("marc.tag")}</th>
          <th scope="col">{t("marc.ind1")}</th>
          <th scope="col">{t("marc.ind2")}</th>
          <th scope="col">{t("marc.data")}</th>
        </tr>
      </thead>
      <tbody>
        {marc.leader ? (
          <tr>
            <th scope="row">{t("marc.leader")}</th>
            <td />
            <td />
            <td>{marc.leader}</td>
          </tr>
        ) : null}
        {marc.campos.map((c, i) => (
          <tr key={i}>
            <th scope="row">{c.tag}</th>
            <td>{"ind1" in c ? blank(c.ind1) : null}</td>
            <td>{"ind2" in c ? blank(c.ind2) : null}</td>
            <td>
              {"subcampos" in c
                ? c.subcampos.map((s, j) => (
                    <span key={j}>
                      {j > 0 ? " " : null}
                      <span className="marc__code">${s.codigo}</span> {s.valor}
                    </span>
                  ))
                : c.valor}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
