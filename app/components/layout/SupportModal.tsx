import { useTranslation } from "~/framework/use-translation";
import { Modal } from "~/components/ui/Modal";

/** The support message in a dialog (loaded on demand). The HTML was sanitized on the server (allowlist). */
export default function SupportModal({ html, isOpen, onOpenChange }: { html: string; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("common");
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={t("support.heading")} closeLabel={t("layout.close")}>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  );
}
