import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';

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

const FOCUSABLE = 'input, select, textarea, button, [tabindex]';

/** Why a form's values were refused: the first problem's message (an i18n key) and every field with one. */
export type FormProblem<Field extends string = string> = { message: string; fields: Field[] };

/**
 * A form's values checked with `schema`, the one the server checks them with: the data, or the
 * problem to show (`fallback` where an issue has no message of its own).
 */
export function checkForm<T>(
  schema: ZodType<T>,
  values: unknown,
  fallback: string,
): { ok: true; data: T } | { ok: false; problem: FormProblem } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const { issues } = parsed.error;
  const fields = [...new Set(issues.map((issue) => String(issue.path[0])))];
  return { ok: false, problem: { message: issues[0]?.message ?? fallback, fields } };
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
    const invalid = containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group marked invalid (a fieldset of choices) is not focusable itself: its first control is.
    const target = invalid?.matches(FOCUSABLE) ? invalid : invalid?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, [attempts]);
  return { containerRef, focusFirstInvalid: () => setAttempts((count) => count + 1) };
}
