import { useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { ScriptButton } from "~/components/ui/ScriptButton";

/**
 * "Copy" for a text shown on the page: with JavaScript, a button (its place kept while the page loads) that writes `text` to the clipboard (Clipboard
 * API) and says so in a polite status region beside it; without, nothing but the (empty) region, since the text
 * stays on the page to select and copy by hand. When the clipboard refuses, the text shown in `targetId` (a
 * textarea, or any element) is selected so Ctrl+C copies it.
 */
export function CopyButton({
  text,
  targetId,
  label,
  accessibleName,
  copiedMessage,
}: {
  text: string;
  targetId: string;
  /** The button's visible words (default: "Copy to clipboard"). */
  label?: string;
  /** The button's accessible name when the visible words are not enough (it starts with them: WCAG 2.5.3). */
  accessibleName?: string;
  /** What the status region says after a copy (default: "Text copied to the clipboard."). */
  copiedMessage?: string;
}) {
  const { t } = useTranslation("basket");
  const [status, setStatus] = useState<"" | "copied" | "failed">("");
  const copy = async () => {
    // Emptied first, so a second copy is announced again.
    setStatus("");
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      // No clipboard permission (or an old browser): select the text so Ctrl+C works.
      selectText(targetId);
      setStatus("failed");
    }
  };
  return (
    <>
      <ScriptButton className="button button--secondary" aria-label={accessibleName} onClick={() => void copy()}>
        {label ?? t("export.copy")}
      </ScriptButton>
      <span className="export-text__status" role="status">
        {status === "copied" ? (copiedMessage ?? t("export.copied")) : status === "failed" ? t("export.copyFailed") : ""}
      </span>
    </>
  );
}

function selectText(id: string) {
  const target = document.getElementById(id);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) {
    target.select();
  } else if (target) {
    const range = document.createRange();
    range.selectNodeContents(target);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
}
