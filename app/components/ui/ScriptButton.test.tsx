import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScriptButton } from "./ScriptButton";

describe("ScriptButton on the server", () => {
  const html = renderToStaticMarkup(
    <ScriptButton className="button button--secondary" aria-label="Copiar o link permanente" onClick={() => {}}>
      Copiar
    </ScriptButton>,
  );

  it("draws no button: it would do nothing without JavaScript", () => {
    expect(html).not.toContain("<button");
  });

  it("keeps the button's place with its classes and its words in an attribute, not as text", () => {
    expect(html).toBe('<span class="button button--secondary script-button-place" data-label="Copiar" aria-hidden="true"></span>');
  });
});
