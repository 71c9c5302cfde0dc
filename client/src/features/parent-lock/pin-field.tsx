import { type Ref, useId } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (digits: string) => void;
  /** `off` to enter the PIN (no password manager fills it in), `new-password` to choose one. */
  autoComplete: 'off' | 'new-password';
  invalid?: boolean;
  /** The id of the message saying what is wrong with it. */
  errorId?: string | undefined;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A PIN's field: hidden as typed, a number pad on a phone, digits only (at most 8). */
export function PinField({ label, value, onChange, autoComplete, invalid, errorId, autoFocus, inputRef }: Props) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      <input
        ref={inputRef}
        id={id}
        className="pin-input"
        type="password"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={8}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: only the PIN prompt's field asks for it: the dialog opens to take the PIN.
        autoFocus={autoFocus}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 8))}
      />
    </label>
  );
}

/** Opens a <dialog> as a modal when it is first rendered (a ref callback). */
export const showAsModal = (node: HTMLDialogElement | null) => {
  if (node && !node.open) node.showModal();
};
