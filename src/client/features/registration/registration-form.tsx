import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { COUNTRIES, EDUCATION_LEVELS, US_STATES } from '#shared/catalog';
import {
  EMPTY_REGISTRATION,
  examTypesOf,
  firstRegistrationError,
  isoDateAt,
  OTHER_OPTION,
  REGISTRATION_LABELS as LABELS,
  REGISTRATION_MAX_LENGTH as MAX,
  REGISTRATION_MESSAGES,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationForm as Form,
  UNITED_STATES,
  validateRegistration,
} from '#shared/contracts/registration';
import { yearlyPriceShort } from '#shared/pricing';
import { paths } from '#shared/routes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiRequestError, messageOf } from '../../lib/api-error';
import { asOptions, categoryOptions } from './exam-options';
import { PasswordChecklist } from './password-checklist';
import { useRegister } from './registration-api';

/** The student's own calendar date: rule 7 compares with their today, not the server's. */
const localToday = () => isoDateAt(new Date(), -new Date().getTimezoneOffset());

function tomorrow(today: string) {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The exam registration form (spec section 2). Rules run as the student submits and then live on
 * every change; a server answer lands next to the same fields. Nothing typed is ever cleared.
 */
export function RegistrationForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState<Form>({ ...EMPTY_REGISTRATION, country: UNITED_STATES });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [summary, setSummary] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const update = (field: RegistrationField, value: string) => {
    const next = { ...form, [field]: value };
    // A new category has other exam types: the old pick no longer applies.
    if (field === 'examCategory') Object.assign(next, { examType: '', customExamType: '' });
    setForm(next);
    if (!submitted) return;
    // After a first submit the messages follow the typing, the summary line too.
    const found = validateRegistration(next, localToday());
    setErrors(found);
    setSummary(firstRegistrationError(found));
  };

  const bind = (field: RegistrationField) => ({
    id: field,
    label: LABELS[field],
    value: form[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateRegistration(form, localToday());
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setSummary(found[first as RegistrationField]);
      document.getElementById(first)?.focus();
      return;
    }
    setSummary(undefined);
    register.mutate(form, {
      onSuccess: ({ email, mailSent }) => {
        void navigate(`${paths.confirmEmail}?email=${encodeURIComponent(email)}`, {
          state: { email, mailSent },
        });
      },
      onError: (error) => {
        setSummary(messageOf(error, REGISTRATION_MESSAGES.failed));
        const fields = (error instanceof ApiRequestError ? error.fields : {}) as RegistrationErrors;
        setErrors(fields);
        // The busy button lost focus: move it to the first field to correct, if any.
        const first = Object.keys(fields)[0];
        if (first) document.getElementById(first)?.focus();
      },
    });
  };

  const isOtherCategory = form.examCategory === OTHER_OPTION;
  const examTypes = examTypesOf(form.examCategory);
  const isUnitedStates = form.country === UNITED_STATES;
  const today = localToday();

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {summary && <Alert tone="error">{summary}</Alert>}

      <Card className="flex flex-col gap-5">
        <h2 className="text-xl font-semibold">Exam Information</h2>
        <div className="grid gap-5 md:grid-cols-2">
          <SelectField
            {...bind('examCategory')}
            required
            placeholder="Choose a category"
            options={categoryOptions}
          />
          {isOtherCategory && (
            <TextField
              {...bind('customExamCategory')}
              label="Your exam category"
              required
              maxLength={MAX.customExamCategory}
            />
          )}
          {isOtherCategory ? (
            <TextField
              {...bind('customExamType')}
              label="Your exam type"
              required
              maxLength={MAX.customExamType}
            />
          ) : (
            <SelectField
              {...bind('examType')}
              required
              disabled={!form.examCategory}
              placeholder={form.examCategory ? 'Choose an exam type' : 'Choose a category first'}
              options={[...asOptions(examTypes), { value: OTHER_OPTION, label: 'Other' }]}
            />
          )}
          {!isOtherCategory && form.examType === OTHER_OPTION && (
            <TextField
              {...bind('customExamType')}
              label="Your exam type"
              required
              maxLength={MAX.customExamType}
            />
          )}
          <SelectField
            {...bind('country')}
            required
            placeholder="Choose a country"
            options={asOptions(COUNTRIES)}
          />
          {isUnitedStates && (
            <SelectField
              {...bind('examState')}
              required
              placeholder="Choose a state"
              options={asOptions(US_STATES)}
            />
          )}
          <TextField {...bind('examDate')} type="date" required min={tomorrow(today)} />
        </div>
      </Card>

      <Card className="flex flex-col gap-5">
        <h2 className="text-xl font-semibold">Student Information</h2>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            {...bind('firstName')}
            required
            autoComplete="given-name"
            maxLength={MAX.firstName}
          />
          <TextField
            {...bind('lastName')}
            required
            autoComplete="family-name"
            maxLength={MAX.lastName}
          />
          <TextField
            {...bind('email')}
            type="email"
            required
            autoComplete="email"
            maxLength={MAX.email}
          />
          <TextField
            {...bind('phone')}
            type="tel"
            required
            autoComplete="tel"
            maxLength={MAX.phone}
          />
          <TextField
            {...bind('password')}
            type="password"
            required
            autoComplete="new-password"
            maxLength={MAX.password}
            className="md:col-span-2"
            hint={<PasswordChecklist password={form.password} id="password-checklist" />}
          />
          <TextField
            {...bind('address')}
            autoComplete="street-address"
            maxLength={MAX.address}
            className="md:col-span-2"
          />
          <TextField {...bind('city')} autoComplete="address-level2" maxLength={MAX.city} />
          <TextField {...bind('state')} autoComplete="address-level1" maxLength={MAX.state} />
          <TextField
            {...bind('zipCode')}
            required
            autoComplete="postal-code"
            maxLength={MAX.zipCode}
          />
          <SelectField
            {...bind('educationLevel')}
            required
            placeholder="Choose your education level"
            options={asOptions(EDUCATION_LEVELS)}
          />
        </div>
      </Card>

      <p className="text-sm text-ink-muted">
        <span className="text-danger" aria-hidden="true">
          *
        </span>{' '}
        Required field
      </p>
      <Button
        type="submit"
        busy={register.isPending}
        busyLabel="Processing..."
        className="w-full py-3 text-lg"
      >
        Continue to Payment ({yearlyPriceShort})
      </Button>
    </form>
  );
}
