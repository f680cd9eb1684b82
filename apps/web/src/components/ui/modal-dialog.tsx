import type { ReactNode } from 'react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

export interface ModalDialogProps {
  /** Controlled when given; otherwise the trigger opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it, when one on the page does. */
  trigger?: ReactNode;
  /** A mark above the title, such as an IconBadge. */
  icon?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** What comes between the description and the footer (a form brings its own footer). */
  children?: ReactNode;
  /** The row of actions at the bottom. */
  footer?: ReactNode;
  /** For dialogs whose footer already offers a way out. */
  hideCloseButton?: boolean;
  className?: string;
}

/** The app's dialogs in one layout: optional mark, title, description, content and actions. */
export function ModalDialog({
  open,
  onOpenChange,
  trigger,
  icon,
  title,
  description,
  children,
  footer,
  hideCloseButton = false,
  className,
}: ModalDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent hideCloseButton={hideCloseButton} className={className}>
        {/* The header keeps clear of the corner close button, when there is one. */}
        <DialogHeader className={hideCloseButton ? 'pr-0' : undefined}>
          {icon}
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}
