import { useEffect, useRef, useState } from 'react';

/**
 * A field's ARIA while it has a problem: marked invalid and described by the problem's text
 * (WCAG 3.3.1), keeping any hint it is already described by.
 */
export function invalidFieldProps(
  errorId: string | null | undefined,
  hintId?: string,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const describedBy = [errorId, hintId].filter(Boolean).join(' ');
  return { ...(errorId ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

/**
 * Focus to the first field marked invalid after a failed submit (not left on the submit button).
 * `focusFirstInvalid` is called in the submit handler; the focus moves once React has rendered
 * the marks.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const containerRef = useRef<T>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts === 0) return;
    containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);
  return { containerRef, focusFirstInvalid: () => setAttempts((count) => count + 1) };
}
