import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ProfessionSymbolId } from '#shared/catalog';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import {
  PROFESSION_CATEGORY_PLACEHOLDER,
  type Profile,
  PROFILE_MAX_LENGTH,
  PROFILE_MESSAGES,
  type ProfileField,
  profileRequestSchema,
} from '#shared/contracts/profile';
import { PROFILE_SAVED_MESSAGE_MS } from '#shared/limits';
import { paths } from '#shared/routes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-styles';
import { Card } from '../../components/ui/card';
import { controlStyles, TextField } from '../../components/ui/field';
import { ApiRequestError, messageOf } from '../../lib/api-error';
import { AvatarUpload } from './avatar-upload';
import { useSaveProfile } from './profile-api';
import { SymbolPicker } from './symbol-picker';

type Form = Omit<Profile, 'avatarUrl'>;
type Errors = Partial<Record<ProfileField | 'form', string>>;

const formOf = ({ avatarUrl: _avatar, ...fields }: Profile): Form => fields;

/**
 * The profile form (spec section 2): the same schema as the server checks it on save; the server's
 * answer (sanitized text) replaces what was typed. "Profile saved successfully!" hides after 3 s.
 */
export function ProfileForm({
  profile,
  saved,
  accountEmail,
}: {
  profile: Profile;
  saved: boolean;
  accountEmail: string;
}) {
  const save = useSaveProfile();
  const [form, setForm] = useState<Form>(() => formOf(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string>();
  const [showSaved, setShowSaved] = useState(false);

  useEffect(() => {
    if (!showSaved) return;
    const timer = setTimeout(() => setShowSaved(false), PROFILE_SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [showSaved]);

  const set = <Field extends keyof Form>(field: Field, value: Form[Field]) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message; the rest wait for the next save.
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const bind = (field: Exclude<ProfileField, 'professionSymbol'>) => ({
    id: field,
    value: form[field],
    error: errors[field],
    maxLength: PROFILE_MAX_LENGTH[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const fail = (found: Errors, message: string) => {
    setErrors(found);
    setSummary(message);
    const first = Object.keys(found).find((field) => field !== 'form');
    if (first) document.getElementById(first)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowSaved(false);
    const checked = profileRequestSchema.safeParse(form);
    if (!checked.success) {
      fail(fieldErrorsOf(checked.error), checked.error.issues[0]!.message);
      return;
    }
    setErrors({});
    setSummary(undefined);
    save.mutate(checked.data, {
      onSuccess: (response) => {
        setForm(formOf(response.profile));
        setShowSaved(true);
      },
      onError: (error) =>
        fail(
          error instanceof ApiRequestError ? error.fields : {},
          messageOf(error, PROFILE_MESSAGES.saveFailed),
        ),
    });
  };

  const bioLength = form.bio.length;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {!saved && (
        <Alert tone="info">
          We filled in your name and e-mail from your account. Check them, add the rest, and save.
        </Alert>
      )}
      <Card className="flex flex-col gap-6">
        <AvatarUpload avatarUrl={profile.avatarUrl} symbol={form.professionSymbol} />

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...bind('firstName')} label="First name" required autoComplete="given-name" />
          <TextField {...bind('lastName')} label="Last name" required autoComplete="family-name" />
          <TextField
            {...bind('email')}
            label="Email"
            type="email"
            autoComplete="email"
            hint={`Shown on your profile. You still sign in with ${accountEmail}.`}
          />
          <TextField {...bind('phone')} label="Phone" type="tel" autoComplete="tel" />
        </div>

        <TextField
          {...bind('professionCategory')}
          label="Profession category"
          placeholder={PROFESSION_CATEGORY_PLACEHOLDER}
          autoComplete="organization-title"
        />

        <SymbolPicker
          value={form.professionSymbol}
          error={errors.professionSymbol}
          onChange={(symbol: ProfessionSymbolId) => set('professionSymbol', symbol)}
        />

        <div className="flex flex-col gap-1.5">
          <label htmlFor="bio" className="text-sm font-medium">
            Bio
          </label>
          <textarea
            id="bio"
            name="bio"
            rows={5}
            value={form.bio}
            maxLength={PROFILE_MAX_LENGTH.bio}
            placeholder="A few words about you and the exam you are preparing for"
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? 'bio-count bio-error' : 'bio-count'}
            onChange={(event) => set('bio', event.target.value)}
            className={`${controlStyles} resize-y`}
          />
          <div className="flex justify-between gap-3 text-sm">
            {errors.bio ? (
              <p id="bio-error" className="font-medium text-danger">
                {errors.bio}
              </p>
            ) : (
              <span />
            )}
            <span
              id="bio-count"
              className={`tabular-nums ${bioLength >= PROFILE_MAX_LENGTH.bio ? 'text-warning' : 'text-ink-muted'}`}
            >
              {bioLength}/{PROFILE_MAX_LENGTH.bio}
            </span>
          </div>
        </div>

        <div>
          {/* Always present (an announced region must exist before its text arrives). */}
          <div aria-live="polite">
            {showSaved && (
              <div className="mb-4">
                <Alert tone="success">{PROFILE_MESSAGES.saved}</Alert>
              </div>
            )}
          </div>
          {summary && (
            <div className="mb-4">
              <Alert tone="error">{summary}</Alert>
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Link to={paths.dashboard} className={buttonVariants.secondary}>
              Back to Dashboard
            </Link>
            <Button type="submit" busy={save.isPending} busyLabel="Saving...">
              Save Profile
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
