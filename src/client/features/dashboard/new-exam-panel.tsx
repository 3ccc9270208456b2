import { CreditCard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { US_STATES } from '#shared/catalog';
import { BILLING_MESSAGES } from '#shared/contracts/billing';
import { NEW_EXAM_FIELDS, type NewExamForm } from '#shared/contracts/new-exam';
import {
  examTypesOf,
  isoDateAt,
  OTHER_OPTION,
  UNITED_STATES,
} from '#shared/contracts/registration';
import { yearlyPriceLabel } from '#shared/pricing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiRequestError, messageOf } from '../../lib/api-error';
import { asOptions, categoryOptions } from '../registration/exam-options';
import { useStartNewExam } from './dashboard-api';

/** The student's tomorrow, the earliest exam date the form offers (rule 7). */
function tomorrow(): string {
  const now = new Date();
  return isoDateAt(new Date(now.getTime() + 86_400_000), -now.getTimezoneOffset());
}

const EMPTY = Object.fromEntries(NEW_EXAM_FIELDS.map((field) => [field, ''])) as NewExamForm;

/**
 * Pay for a new exam (spec section 2): the exam's details, then the checkout for a new
 * registration. The server applies the registration form's rules and says which field is wrong.
 */
export function NewExamPanel({ country }: { country: string }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<NewExamForm>(EMPTY);
  const start = useStartNewExam();
  const fieldErrors = start.error instanceof ApiRequestError ? start.error.fields : {};
  const set = (field: keyof NewExamForm) => (value: string) =>
    setForm((current) => ({
      ...current,
      [field]: value,
      ...(field === 'examCategory' && { examType: '', customExamType: '' }),
    }));
  const bind = (field: keyof NewExamForm, label: string) => ({
    id: `new-exam-${field}`,
    label,
    value: form[field],
    error: fieldErrors[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });
  const other = form.examCategory === OTHER_OPTION;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(form);
  };

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Pay for a New Exam</h2>
      <p className="text-sm text-ink-muted">
        Preparing for another exam? Each exam is a year of access for {yearlyPriceLabel}.
      </p>
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <CreditCard className="h-4 w-4" aria-hidden="true" />
          Pay for a New Exam
        </Button>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <SelectField
            {...bind('examCategory', 'Exam category')}
            required
            placeholder="Choose a category"
            options={categoryOptions}
          />
          {other && (
            <TextField
              {...bind('customExamCategory', 'Your exam category')}
              required
              maxLength={100}
            />
          )}
          {other ? (
            <TextField {...bind('customExamType', 'Your exam type')} required maxLength={100} />
          ) : (
            <SelectField
              {...bind('examType', 'Exam type')}
              required
              disabled={!form.examCategory}
              placeholder={form.examCategory ? 'Choose an exam type' : 'Choose a category first'}
              options={[
                ...asOptions(examTypesOf(form.examCategory)),
                { value: OTHER_OPTION, label: 'Other' },
              ]}
            />
          )}
          {!other && form.examType === OTHER_OPTION && (
            <TextField {...bind('customExamType', 'Your exam type')} required maxLength={100} />
          )}
          {country === UNITED_STATES && (
            <SelectField
              {...bind('examState', 'US state')}
              required
              placeholder="Choose a state"
              options={asOptions(US_STATES)}
            />
          )}
          <TextField {...bind('examDate', 'Exam date')} type="date" required min={tomorrow()} />
          {start.isError && (
            <Alert tone="error">{messageOf(start.error, BILLING_MESSAGES.checkoutFailed)}</Alert>
          )}
          <Button
            type="submit"
            busy={start.isPending || start.isSuccess}
            busyLabel="Opening the checkout..."
          >
            Continue to Payment ({yearlyPriceLabel})
          </Button>
        </form>
      )}
    </Card>
  );
}
