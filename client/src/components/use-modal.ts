import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A <dialog> shown as a modal when it is first rendered (or when `open` turns true). Not from an
 * inline ref callback: React calls one again at every render, and one run after the dialog had
 * closed, before it was gone, opened it again; its removal then dropped the focus to the page.
 */
export function useModal(open = true): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);
  return ref;
}
