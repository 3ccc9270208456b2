import type { ComponentProps, ReactNode } from 'react';
import { FIELD_MAX } from '#shared/limits';

export const controlStyles =
  'w-full rounded-[var(--radius-control)] border border-white/40 bg-night-950/60 px-3 py-2.5 text-ink placeholder:text-ink-muted/80 focus:border-accent aria-[invalid=true]:border-danger';

type FieldFrameProps = {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
};

/** Label (with the required asterisk), the control, a hint and the error under it. */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
  className = '',
}: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type SharedProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

export function TextField({
  id,
  label,
  hint,
  error,
  className,
  required,
  ...input
}: SharedProps & ComponentProps<'input'>) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, className }}>
      <input
        id={id}
        name={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlStyles}
        {...input}
      />
    </FieldFrame>
  );
}

export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  required,
  placeholder,
  options,
  ...select
}: SharedProps &
  ComponentProps<'select'> & {
    placeholder: string;
    options: readonly { value: string; label: string }[];
  }) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, className }}>
      <select
        id={id}
        name={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlStyles}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The e-mail field of the sign-in and confirmation forms. */
export function EmailField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id="email"
      label="Email"
      type="email"
      autoComplete="email"
      required
      maxLength={FIELD_MAX.email}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
