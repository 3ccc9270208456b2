import { Layers, ListChecks, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import type { StudyMode } from '#shared/enums';
import { paths } from '#shared/routes';
import { buttonVariants } from '../../components/ui/button-styles';
import { Card } from '../../components/ui/card';

const MODES: { mode: StudyMode; title: string; text: string; icon: typeof Layers }[] = [
  {
    mode: 'flashcards',
    title: 'Flash Cards',
    text: '20 cards, 10 seconds each. Recall the answer, then check it.',
    icon: Layers,
  },
  {
    mode: 'multiple_choice',
    title: 'Multiple Choice',
    text: 'Five options per question, graded the moment you pick, with an explanation.',
    icon: ListChecks,
  },
  {
    mode: 'typing',
    title: 'Typing',
    text: 'Write your answer in your own words, then compare it with a model answer.',
    icon: PenLine,
  },
];

/** AI Study Modes (spec section 2): three cards, each with Start Session. */
export function StudyModesPanel({ registrationId }: { registrationId: string }) {
  return (
    <section aria-labelledby="study-modes" className="flex flex-col gap-4">
      <h2 id="study-modes" className="text-xl font-semibold">
        AI Study Modes
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {MODES.map(({ mode, title, text, icon: Icon }) => (
          <Card key={mode} className="flex flex-col gap-3">
            <Icon className="h-7 w-7 text-accent" aria-hidden="true" />
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="flex-1 text-sm text-ink-muted">{text}</p>
            <Link
              to={`${paths.exam}?mode=${mode}&registration=${registrationId}`}
              className={buttonVariants.primary}
              aria-label={`Start Session: ${title}`}
            >
              Start Session
            </Link>
          </Card>
        ))}
      </div>
    </section>
  );
}
