import { BookOpenCheck, BrainCircuit, Check, Target, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { EXAM_CATEGORIES } from '#shared/catalog';
import { yearlyPriceHeadline, yearlyPriceTerms } from '#shared/pricing';
import { paths } from '#shared/routes';
import { Footer } from '../components/layout/footer';
import { Logo } from '../components/layout/logo';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';
import { ExplainerVideo } from '../features/landing/explainer-video';

const features = [
  {
    icon: BookOpenCheck,
    title: 'Real Study Exam Questions',
    text: 'Exam-style multiple-choice questions, flash cards and written prompts for your exam type, at easy, medium or hard.',
  },
  {
    icon: Zap,
    title: 'Instant Feedback',
    text: 'Multiple choice is graded the moment you answer, with an explanation of the right answer before the next question.',
  },
  {
    icon: Target,
    title: 'Professional Licensing Exam Focus',
    text: 'Built for licensing exams only: bar, medical boards, CPA, PE, trades, real estate, insurance, teaching and more.',
  },
];

const included = [
  'Flash cards, multiple choice and typed-answer sessions, all timed',
  'Questions made from your own uploaded study materials',
  'Your study history and average score on your dashboard',
];

export function LandingPage() {
  return (
    <>
      <section className="pt-12 pb-10 text-center sm:pt-16" aria-labelledby="welcome">
        <Logo size="lg" />
        <h1 id="welcome" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">
          Welcome to StarPrep
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">
          Prepare for your professional licensing exam with timed practice questions, flash cards
          and questions made from your own study materials.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.examRegistration} className={buttonVariants.primary}>
            Register for your exam
          </Link>
          <Link to={paths.login} className={buttonVariants.secondary}>
            Login
          </Link>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-4xl">
        <h2 id="how-it-works" className="sr-only">
          How StarPrep works
        </h2>
        <ExplainerVideo />
      </section>

      <section aria-labelledby="exam-types" className="mt-16">
        <h2 id="exam-types" className="text-center text-3xl font-bold">
          Exams we prepare you for
        </h2>
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {EXAM_CATEGORIES.map((category) => (
            <Card key={category.id} className="p-5">
              <h3 className="text-lg font-semibold">{category.label}</h3>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={`${category.label} exams`}>
                {category.examTypes.map((examType) => (
                  <li
                    key={examType}
                    className="rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm text-ink"
                  >
                    {examType}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
        <p className="mt-4 text-center text-sm text-ink-muted">
          Studying for something else? Choose Other when you register and name your exam.
        </p>
      </section>

      <section aria-labelledby="features" className="mt-16">
        <h2 id="features" className="sr-only">
          Features
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <Icon className="h-8 w-8 text-accent" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-ink-muted">{text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="ai-learning" className="mt-16">
        <Card className="grid items-center gap-6 md:grid-cols-[auto_1fr]">
          <BrainCircuit className="h-14 w-14 text-accent" aria-hidden="true" />
          <div>
            <h2 id="ai-learning" className="text-2xl font-bold">
              Question sets that learn from people who passed
            </h2>
            <p className="mt-2 text-ink-muted">
              StarPrep uses AI to generate practice questions for your exam type and difficulty, and
              from the notes and documents you upload. After your exam you can report whether you
              passed; results that students agree to share help us improve the question sets for
              everyone who comes after them.
            </p>
          </div>
        </Card>
      </section>

      <section aria-labelledby="pricing" className="mt-16">
        <Card className="mx-auto max-w-xl text-center">
          <h2 id="pricing" className="text-2xl font-bold">
            One simple price
          </h2>
          <p className="mt-4 flex flex-col items-center gap-1">
            <span className="text-4xl font-extrabold tabular-nums sm:text-5xl">
              {yearlyPriceHeadline}
            </span>{' '}
            <span className="text-lg text-ink-muted">{yearlyPriceTerms}</span>
          </p>
          <ul className="mx-auto mt-6 max-w-md space-y-2 text-left">
            {included.map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <Link to={paths.examRegistration} className={`${buttonVariants.primary} mt-8`}>
            Register for your exam
          </Link>
        </Card>
      </section>

      <Footer />
    </>
  );
}
