import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AccountTable, titleColumn, type AccountTableProps } from "./AccountTable";

interface Loan {
  id: number;
  title: string;
  returned: string | null;
}

const rows: Loan[] = [
  { id: 1, title: "Dom Casmurro", returned: "2026-01-02" },
  { id: 2, title: "Iracema", returned: null },
];

const render = (props: Partial<AccountTableProps<Loan>>) =>
  renderToStaticMarkup(
    <AccountTable<Loan>
      caption="Loans"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[
        { header: "Title", rowHeader: true, lang: () => "pt", cell: (r) => r.title },
        { header: "Returned", cell: (r) => r.returned ?? "not yet" },
      ]}
      {...props}
    />,
  );

describe("AccountTable", () => {
  it("has a caption naming its scrollable region, column headers with scope and one row-header column", () => {
    const html = render({});
    expect(html).toContain(
      '<div class="account-table-wrap" role="region" aria-label="Loans" tabindex="0"><table class="account-table"><caption>Loans</caption>',
    );
    expect(html).toContain('<thead><tr><th scope="col">Title</th><th scope="col">Returned</th></tr></thead>');
    expect(html).toContain('<tr><th scope="row" lang="pt">Dom Casmurro</th><td>2026-01-02</td></tr>');
    expect(html).not.toContain("<tfoot>");
  });

  it("names the region by the caption's id when given one", () => {
    expect(render({ captionId: "legenda" })).toContain(
      'role="region" aria-labelledby="legenda" tabindex="0"><table class="account-table"><caption id="legenda">',
    );
  });

  it("gives each selectable row a checkbox labelled with its item, and an empty cell to the others", () => {
    const html = render({
      selection: {
        header: "Select",
        name: "emprestimo",
        value: (r) => r.id,
        id: (r) => `excluir-${r.id}`,
        label: (r) => `Select ${r.title}`,
        selectable: (r) => r.returned !== null,
        checked: (r) => r.id === 1,
        invalid: true,
      },
    });
    expect(html).toContain('<th scope="col">Select</th><th scope="col">Title</th>');
    expect(html).toContain(
      '<td><input type="checkbox" id="excluir-1" aria-label="Select Dom Casmurro" aria-invalid="true" name="emprestimo" checked="" value="1"/></td>',
    );
    expect(html).toContain('<tr><td></td><th scope="row" lang="pt">Iracema</th>');
  });

  it("labels the checkbox with a visually hidden label when asked", () => {
    const html = render({
      selection: {
        header: "Select",
        name: "acervo",
        value: (r) => r.id,
        id: (r) => `p-${r.id}`,
        hiddenLabel: true,
        label: (r) => `Select ${r.title}`,
      },
    });
    expect(html).toContain(
      '<input type="checkbox" id="p-1" name="acervo" value="1"/><label for="p-1" class="visually-hidden">Select Dom Casmurro</label>',
    );
  });

  it("gives a cell the id asked for, so a control in its row can point at it", () => {
    const html = render({
      columns: [
        { header: "Title", rowHeader: true, id: (r) => `titulo-${r.id}`, cell: (r) => r.title },
        { header: "Returned", id: (r) => (r.returned ? `devolvido-${r.id}` : undefined), cell: (r) => r.returned ?? "not yet" },
      ],
    });
    expect(html).toContain('<tr><th scope="row" id="titulo-1">Dom Casmurro</th><td id="devolvido-1">2026-01-02</td></tr>');
    expect(html).toContain('<tr><th scope="row" id="titulo-2">Iracema</th><td>not yet</td></tr>');
  });

  it("says which column orders the table with aria-sort on its header only", () => {
    const html = render({
      columns: [
        { header: "Title", rowHeader: true, cell: (r) => r.title },
        { header: "Returned", sort: "ascending", cell: (r) => r.returned ?? "not yet" },
      ],
    });
    expect(html).toContain('<thead><tr><th scope="col">Title</th><th scope="col" aria-sort="ascending">Returned</th></tr></thead>');
  });

  it("gives a row the class asked for, and none to the others", () => {
    const html = render({ rowClassName: (r) => (r.returned ? undefined : "account-table__row--overdue") });
    expect(html).toContain('<tr><th scope="row" lang="pt">Dom Casmurro</th>');
    expect(html).toContain('<tr class="account-table__row--overdue"><th scope="row" lang="pt">Iracema</th>');
  });

  it("says the empty sentence instead of an empty table", () => {
    expect(render({ rows: [], empty: "No loans." })).toBe('<p class="account-list__empty">No loans.</p>');
    expect(render({ rows: [] })).toContain("<tbody></tbody>");
  });
});

describe("titleColumn", () => {
  it("names each row by its title, linked to the title's page, in the record's language", () => {
    type Hold = { id: number; codAcervo: number; title: string; language: string | null };
    const holds: Hold[] = [
      { id: 1, codAcervo: 12, title: "Dom Casmurro", language: "por" },
      { id: 2, codAcervo: 34, title: "Ulysses", language: "eng" },
    ];
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <AccountTable<Hold>
            caption="Holds"
            rows={holds}
            rowKey={(h) => h.id}
            columns={[titleColumn("Title", (idioma) => (idioma === "eng" ? "en" : undefined)), { header: "State", cell: () => "active" }]}
          />
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/"]} />);
    expect(html).toContain('<th scope="row"><a href="/acervo/12" data-discover="true">Dom Casmurro</a></th>');
    expect(html).toContain('<th scope="row"><a lang="en" href="/acervo/34" data-discover="true">Ulysses</a></th>');
  });
});
