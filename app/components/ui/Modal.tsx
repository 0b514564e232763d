import type { ReactNode } from "react";
import { Button, Dialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading (its accessible name). */
  title: string;
  /** The close button's text. */
  closeLabel: string;
  children: ReactNode;
}

/**
 * A modal dialog (react-aria: focus trapped inside, Escape and a click outside close it, focus goes back to the
 * element that opened it). Only for enhancements: every dialog has a page of its own without JS.
 * Import it lazily (React.lazy) so react-aria is not in the bundle of every page.
 */
export function Modal({ isOpen, onOpenChange, title, closeLabel, children }: ModalProps) {
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <AriaModal className="modal">
        <Dialog className="modal__dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="modal__title">
                {title}
              </Heading>
              {children}
              <Button className="button button--secondary" onPress={close}>
                {closeLabel}
              </Button>
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
