import type { RecentSession } from '#shared/contracts/dashboard';
import { DASHBOARD } from '#shared/limits';
import { Card } from '../../components/ui/card';

const MODE_NAMES = {
  flashcards: 'Flash Cards',
  multiple_choice: 'Multiple Choice',
  typing: 'Typing',
};
const LEVELS = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A card count for flash cards, a percentage for graded sessions, answers for typing. */
function outcome(session: RecentSession): string {
  if (session.mode === 'flashcards') return `${session.score}/${session.totalQuestions} cards`;
  if (session.mode === 'typing') return `${session.totalQuestions} questions`;
  const percent =
    session.totalQuestions > 0 ? Math.round((session.score / session.totalQuestions) * 100) : 0;
  return `${percent}%`;
}

/** Recent sessions (spec section 2): the last 5 of the 10 loaded. */
export function RecentSessionsPanel({ sessions }: { sessions: RecentSession[] }) {
  const shown = sessions.slice(0, DASHBOARD.sessionsShown);
  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby="recent-sessions">
      <h2 id="recent-sessions" className="text-lg font-semibold">
        Recent Sessions
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-ink-muted">No sessions yet. Start one from the study modes.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-white/10">
          {shown.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-2.5">
              <div>
                <p className="font-medium">{MODE_NAMES[session.mode]}</p>
                <p className="text-xs text-ink-muted">
                  {LEVELS[session.difficulty]} · {dateFormat.format(new Date(session.createdAt))}
                </p>
              </div>
              <span className="font-semibold tabular-nums">{outcome(session)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
