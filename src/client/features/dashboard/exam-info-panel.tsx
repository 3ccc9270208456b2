import type { DashboardRegistration } from '#shared/contracts/dashboard';
import { examCategoryLabel } from '#shared/contracts/registration';
import { Card } from '../../components/ui/card';

const examDateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: 'UTC',
});

/** Exam information (spec section 2): category, type, state, date. */
export function ExamInfoPanel({ registration }: { registration: DashboardRegistration }) {
  const rows: [string, string][] = [
    ['Category', examCategoryLabel(registration.examCategory)],
    ['Exam type', registration.examType],
    ['State', registration.state || 'Outside the United States'],
    ['Exam date', examDateFormat.format(new Date(`${registration.examDate}T00:00:00Z`))],
  ];
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Exam Information</h2>
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
