import { useTranslation } from "~/framework/use-translation";
import { CopyButton } from "./CopyButton";
import "./basket.css";

/**
 * An export shown as text: a labelled read-only textarea (works without JS: select and copy by hand), a
 * "Copy" button with JS (Clipboard API, the result announced in a status region), and a download link.
 * `copy` words the button and its announcement where the page names what is copied (the reference page).
 */
export function ExportText({
  id,
  label,
  text,
  downloadHref,
  copy,
}: {
  id: string;
  label: string;
  text: string;
  downloadHref?: string;
  copy?: { label: string; accessibleName: string; copiedMessage: string };
}) {
  const { t } = useTranslation("basket");
  return (
    <div className="export-text">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} readOnly value={text} rows={Math.min(16, Math.max(4, text.split("\n").length + 1))} spellCheck={false} />
      <div className="export-text__actions">
        {downloadHref ? (
          <a className="button button--secondary" href={downloadHref} download>
            {t("export.download")}
          </a>
        ) : null}
        <CopyButton text={text} targetId={id} {...copy} />
      </div>
    </div>
  );
}
