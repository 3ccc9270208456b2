import { CalendarCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EXAM_RESULT_MESSAGES } from '#shared/contracts/dashboard';
import type { ExamResult } from '#shared/enums';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { showToast } from '../../components/ui/toast';
import { messageOf } from '../../lib/api-error';
import { useSubmitExamResult } from './dashboard-api';

/**
 * After the exam date (spec sections 2 and 4): the study modes give way to this panel until the
 * student reports pass or fail; consent to share is optional.
 */
export function StudyToolsInactive({ registrationId }: { registrationId: string }) {
  const [formOpen, setFormOpen] = useState(false);
  const [result, setResult] = useState<ExamResult | ''>('');
  const [agreedToShare, setAgreedToShare] = useState(false);
  const [missing, setMissing] = useState(false);
  const submit = useSubmitExamResult();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!result) {
      setMissing(true);
      return;
    }
    submit.mutate(
      { registrationId, result, agreedToShare },
      { onSuccess: () => showToast(EXAM_RESULT_MESSAGES.submitted) },
    );
  };

  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <CalendarCheck className="h-10 w-10 text-warning" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Study Tools Inactive</h2>
      <p className="max-w-lg text-ink-muted">
        Your exam date has passed. Tell us how it went: submitting your result reactivates the study
        tools, for a retake or your next exam.
      </p>
      {!formOpen ? (
        <Button onClick={() => setFormOpen(true)}>Submit Exam Result</Button>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex w-full max-w-sm flex-col gap-4 text-left"
        >
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={missing ? 'result-missing' : undefined}
          >
            <legend className="mb-2 font-semibold">
              Your result
              <span className="ml-0.5 text-danger" aria-hidden="true">
                *
              </span>
            </legend>
            {(['pass', 'fail'] as const).map((value) => (
              <label
                key={value}
                className="flex items-center gap-3 rounded-[var(--radius-control)] border border-white/15 px-4 py-2.5"
              >
                <input
                  type="radio"
                  name="result"
                  value={value}
                  checked={result === value}
                  onChange={() => {
                    setResult(value);
                    setMissing(false);
                  }}
                  className="h-4 w-4 accent-[var(--color-accent)]"
                />
                {value === 'pass' ? 'I passed' : 'I did not pass'}
              </label>
            ))}
            {missing && (
              <p id="result-missing" className="text-sm font-medium text-danger">
                {EXAM_RESULT_MESSAGES.choose}
              </p>
            )}
          </fieldset>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={agreedToShare}
              onChange={(event) => setAgreedToShare(event.target.checked)}
              className="mt-0.5 h-4 w-4 accent-[var(--color-accent)]"
            />
            I agree that StarPrep may share my result, without my name, in its pass-rate figures.
          </label>
          {submit.isError && (
            <Alert tone="error">{messageOf(submit.error, EXAM_RESULT_MESSAGES.failed)}</Alert>
          )}
          <Button
            type="submit"
            busy={submit.isPending || submit.isSuccess}
            busyLabel="Submitting..."
          >
            Submit Result
          </Button>
        </form>
      )}
    </Card>
  );
}
