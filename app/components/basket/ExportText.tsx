import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useHydrated } from "~/lib/use-hydrated";
import "./basket.css";

/**
 * An export shown as text: a labelled read-only textarea (works without JS: select and copy by hand), a
 * "Copy" button with JS (Clipboard API, the result announced in a status region), and a download link.
 */
export function ExportText({ id, label, text, downloadHref }: { id: string; label: string; text: string; downloadHref?: string }) {
  const { t } = useTranslation("basket");
  const hydrated = useHydrated();
  const [status, setStatus] = useState<"" | "copied" | "failed">("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      // No clipboard permission (or an old browser): select the text so Ctrl+C works.
      const area = document.getElementById(id);
      if (area instanceof HTMLTextAreaElement) area.select();
      setStatus("failed");
    }
  };
  return (
    <div className="export-text">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} readOnly value={text} rows={Math.min(16, Math.max(4, text.split("\n").length + 1))} spellCheck={false} />
      <div className="export-text__actions">
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            {t("export.copy")}
          </button>
        ) : null}
        {downloadHref ? (
          <a className="button button--secondary" href={downloadHref} download>
            {t("export.download")}
          </a>
        ) : null}
        <span className="export-text__status" role="status">
          {status === "copied" ? t("export.copied") : status === "failed" ? t("export.copyFailed") : ""}
        </span>
      </div>
    </div>
  );
}
