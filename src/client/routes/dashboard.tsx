import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Gauge, Hourglass, Library, Upload } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { daysUntil } from '#shared/contracts/dashboard';
import { isoDateAt } from '#shared/contracts/registration';
import { paths } from '#shared/routes';
import { Alert } from '../components/ui/alert';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { StatCard } from '../components/ui/stat-card';
import { PaidPage } from '../features/auth/paid-page';
import { dashboardQuery } from '../features/dashboard/dashboard-api';
import { ExamInfoPanel } from '../features/dashboard/exam-info-panel';
import { NewExamPanel } from '../features/dashboard/new-exam-panel';
import { RecentSessionsPanel } from '../features/dashboard/recent-sessions-panel';
import { StudyModesPanel } from '../features/dashboard/study-modes-panel';
import { StudyToolsInactive } from '../features/dashboard/study-tools-inactive';

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The dashboard (spec section 2), for students with a paid year running. */
export function DashboardPage() {
  return (
    <PaidPage
      unpaidTo={paths.paymentVerification}
      errorTo={paths.examRegistration}
      checkingLabel="Loading your dashboard..."
    >
      <Dashboard />
    </PaidPage>
  );
}

function Dashboard() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const dashboard = useQuery(dashboardQuery(searchParams.get('registration') ?? undefined));

  // Spec section 4: a failed registration query sends to /exam-registration.
  useEffect(() => {
    if (dashboard.isError) void navigate(paths.examRegistration, { replace: true });
  }, [dashboard.isError, navigate]);

  if (!dashboard.data) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading your dashboard..." />
      </div>
    );
  }
  const { firstName, registration, stats, recentSessions, country, paidRegistrations } =
    dashboard.data;

  if (!registration) {
    return (
      <div className="mx-auto mt-16 max-w-xl">
        <Card className="flex flex-col items-center gap-4 text-center">
          <Library className="h-10 w-10 text-accent" aria-hidden="true" />
          <h1 className="text-2xl font-bold">No Active Registration</h1>
          <p className="text-ink-muted">
            You have no exam registration with a year of access running. Register for your exam to
            start studying.
          </p>
          <Link to={paths.examRegistration} className={buttonVariants.primary}>
            Register for an exam
          </Link>
        </Card>
      </div>
    );
  }

  const today = isoDateAt(new Date(), -new Date().getTimezoneOffset());
  return (
    <div className="flex flex-col gap-8 pt-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">
          Welcome, {firstName || 'Student'}
        </h1>
        <p className="text-ink-muted">
          {registration.studyToolsActive
            ? `You are preparing for the ${registration.examType}${registration.state ? ` in ${registration.state}` : ''}.`
            : `Your ${registration.examType} date has passed.`}
        </p>
        {paidRegistrations.length > 1 && (
          <nav aria-label="Your exams" className="mt-2 flex flex-wrap gap-2">
            {paidRegistrations.map((paid) => (
              <Link
                key={paid.id}
                to={`${paths.dashboard}?registration=${paid.id}`}
                aria-current={paid.id === registration.id ? 'page' : undefined}
                className={`rounded-full border px-3 py-1 text-sm ${paid.id === registration.id ? 'border-accent bg-accent/15' : 'border-white/20 hover:bg-white/10'}`}
              >
                {paid.examType}
              </Link>
            ))}
          </nav>
        )}
      </header>
      {notice && <Alert tone="error">{notice}</Alert>}

      <section aria-label="Your figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={CalendarDays}
          label="Exam date"
          value={shortDate.format(new Date(`${registration.examDate}T00:00:00Z`))}
        />
        <StatCard icon={Library} label="Study sessions" value={String(stats.sessions)} />
        <StatCard
          icon={Gauge}
          label="Average score"
          value={stats.averageScore === null ? '–' : `${stats.averageScore}%`}
        />
        <StatCard
          icon={Hourglass}
          label="Days until exam"
          value={String(daysUntil(registration.examDate, today))}
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="flex flex-col gap-6">
          {registration.studyToolsActive ? (
            <StudyModesPanel registrationId={registration.id} />
          ) : (
            <StudyToolsInactive registrationId={registration.id} />
          )}
          <RecentSessionsPanel sessions={recentSessions} />
        </div>
        <aside className="flex flex-col gap-6" aria-label="More">
          <ExamInfoPanel registration={registration} />
          <Card className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold">Upload Study Materials</h2>
            <p className="text-sm text-ink-muted">
              Add your notes or outlines: your next sessions include questions made from them.
            </p>
            <Link to={paths.studyMaterials} className={buttonVariants.secondary}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Upload Materials
            </Link>
          </Card>
          <NewExamPanel country={country} />
        </aside>
      </div>
    </div>
  );
}
