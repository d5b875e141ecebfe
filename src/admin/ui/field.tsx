import type { ReactNode } from 'react';

/**
 * A labelled field: the words and the control inside one <label>, so the control is named by its
 * words (getByLabel finds it) with no id to keep in step.
 * @example <Field label="Date"><input type="date" /></Field>
 */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, inside the label
    <label>
      {label}
      {children}
    </label>
  );
}

/** The 6-digit code from an authenticator app (sign-in and the security screen). */
export function CodeInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field label="Code from the app">
      <input
        name="code"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
      />
    </Field>
  );
}
