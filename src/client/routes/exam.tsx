import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type StartedSession, STUDY_MESSAGES } from '#shared/contracts/study';
import { DEFAULT_DIFFICULTY } from '#shared/limits';
import { type Difficulty, STUDY_MODES, type StudyMode } from '#shared/enums';
import { paths } from '#shared/routes';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../features/auth/session';
import { SessionComplete } from '../features/study/session-complete';
import { itemCount, type SessionState, sessionResult } from '../features/study/session-machine';
import { SessionRunner } from '../features/study/session-runner';
import { SessionSetup } from '../features/study/session-setup';
import {
  studyRegistrationQuery,
  useCompleteSession,
  useStartSession,
} from '../features/study/study-api';
import { ApiRequestError, messageOf } from '../lib/api-error';

type Finished = { state: SessionState; sessionId: string };

/**
 * The exam page (spec sections 2 and 4): loading → setup → running → complete.
 * /exam?mode=flashcards|multiple_choice|typing&registration=ID. Sign-in is required; a registration
 * that is not the student's, not paid or whose study tools are inactive sends them to the
 * dashboard, as does the start limit (with its message).
 */
export function ExamPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode') as StudyMode | null;
  const registrationId = searchParams.get('registration') ?? '';
  const validMode = mode !== null && (STUDY_MODES as readonly string[]).includes(mode);

  const session = useSession();
  const signedIn = session.data?.user != null;
  const registration = useQuery({
    ...studyRegistrationQuery(registrationId),
    enabled: signedIn && validMode && registrationId !== '',
  });
  const start = useStartSession();
  const complete = useCompleteSession();
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  const [running, setRunning] = useState<StartedSession | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);

  const toDashboard = useCallback(
    (notice?: string) =>
      void navigate(paths.dashboard, { replace: true, state: notice ? { notice } : undefined }),
    [navigate],
  );

  useEffect(() => {
    if (session.isSuccess && !signedIn) void navigate(paths.login, { replace: true });
    else if (signedIn && (!validMode || !registrationId)) toDashboard();
    else if (registration.isError) toDashboard(registration.error.message);
    else if (registration.data && !registration.data.studyToolsActive) toDashboard();
  }, [
    session.isSuccess,
    signedIn,
    validMode,
    registrationId,
    registration.isError,
    registration.error,
    registration.data,
    navigate,
    toDashboard,
  ]);

  const begin = () => {
    if (!validMode) return;
    start.mutate(
      { registrationId, mode, difficulty },
      {
        onSuccess: (started) => {
          setFinished(null);
          complete.reset();
          setRunning(started);
        },
        onError: (error) => {
          // The start limit and a lost registration end on the dashboard, with the message.
          if (error instanceof ApiRequestError && [402, 403, 404, 429].includes(error.status)) {
            toDashboard(error.message);
          }
        },
      },
    );
  };

  const onDone = useCallback(
    (state: SessionState) => {
      if (!running) return;
      setFinished({ state, sessionId: running.id });
      setRunning(null);
      complete.mutate({ id: running.id, ...sessionResult(state) });
    },
    [running, complete],
  );

  if (finished && validMode) {
    const result = sessionResult(finished.state);
    return (
      <SessionComplete
        mode={mode}
        score={result.score}
        answered={result.answered}
        total={itemCount(finished.state)}
        save={{
          status: complete.status,
          timeSpent: complete.data?.timeSpent,
          error: complete.isError
            ? messageOf(complete.error, STUDY_MESSAGES.saveFailed)
            : undefined,
          retry: () => complete.mutate({ id: finished.sessionId, ...result }),
        }}
        onRetest={begin}
        retesting={start.isPending}
        retestError={
          start.isError ? messageOf(start.error, STUDY_MESSAGES.generationFailed) : undefined
        }
      />
    );
  }
  if (running) return <SessionRunner key={running.id} session={running} onDone={onDone} />;
  if (!registration.data?.studyToolsActive || !validMode) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading your exam..." />
      </div>
    );
  }
  return (
    <SessionSetup
      mode={mode}
      examType={registration.data.examType}
      difficulty={difficulty}
      onDifficulty={setDifficulty}
      onStart={begin}
      starting={start.isPending}
      error={start.isError ? messageOf(start.error, STUDY_MESSAGES.generationFailed) : undefined}
    />
  );
}
