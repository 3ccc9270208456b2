import { type FormEvent, useEffect, useState } from 'react';
import type { z } from 'zod';
import { loginRequestSchema } from '#shared/contracts/auth';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { FIELD_MAX } from '#shared/limits';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmailField, TextField } from '../../components/ui/field';

type FieldErrors = { email?: string; password?: string };
export type SignInCredentials = z.output<typeof loginRequestSchema>;
/** What the page's request said went wrong: a summary, and messages under the fields. */
export type SignInFailure = { message: string; fields: FieldErrors };

/**
 * The e-mail and password form of /login and /admin/login: the login rules (spec section 5)
 * checked here first, with their messages under the fields, then the page sends the request and
 * passes back its failure. The field that needs the person next gets the focus.
 */
export function SignInForm({
  busy,
  failure,
  onSubmit,
}: {
  busy: boolean;
  failure: SignInFailure | undefined;
  onSubmit: (credentials: SignInCredentials) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<FieldErrors>();
  const errors = invalid ?? failure?.fields ?? {};

  useEffect(() => {
    // The busy button lost focus: put it where the person acts next.
    if (failure) focusField(failure.fields);
  }, [failure]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found: FieldErrors = fieldErrorsOf(parsed.error);
      setInvalid(found);
      focusField(found);
      return;
    }
    setInvalid(undefined);
    onSubmit(parsed.data);
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {!invalid && failure && <Alert tone="error">{failure.message}</Alert>}
        <EmailField value={email} error={errors.email} onChange={setEmail} />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={FIELD_MAX.password}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" busy={busy} busyLabel="Signing in..." className="w-full">
          Sign in
        </Button>
      </form>
    </Card>
  );
}

function focusField(errors: FieldErrors) {
  document.getElementById(errors.email ? 'email' : 'password')?.focus();
}
