// The load of the fault scripts: paid students answering (a study session started, then saved),
// uploading (a small text file each round) and paying (one signed payment event per pending
// registration, sent again until acknowledged, as Stripe retries). Every answer is classified,
// and the id of every acknowledged (2xx) write is kept, to be looked up in the database after
// the fault.
import { performance } from 'node:perf_hooks';
import { paidCheckoutEvent, webhookRequest } from '../bench/webhooks.mjs';

/** An answer slower than this is a hang (issue 13: never a hang past 10 s). */
const HANG_MS = 10_000;
/** The exam-session start limit is 10 a minute per student; staying under it avoids 429s. */
const STARTS_PER_STUDENT = 8;
/** Between rounds of a student whose last request failed, so a dead server is not hammered. */
const BACKOFF_MS = 200;

const NOTES =
  'Negligence requires a duty of care, a breach of that duty, causation and damages. ' +
  'Hearsay is an out-of-court statement offered to prove the truth of the matter asserted. ';

export function createLedger() {
  return {
    acknowledged: { starts: [], sessions: [], materials: [], payments: [] },
    /** No answer: the connection was refused or dropped (the server was down or killed). */
    interrupted: 0,
    /** 503 with code unavailable: refused cleanly while the database was down. */
    unavailable: 0,
    /** Any other failure status, as "POST /api/... 500". */
    unexpected: [],
    /** Answers (or failures) that took longer than HANG_MS. */
    hung: 0,
    slowestMs: 0,
    /** Every request: when it started and ended (Date.now()), its status or error code. */
    answers: [],
  };
}

export function acknowledgedCount(ledger) {
  return Object.values(ledger.acknowledged).reduce((sum, ids) => sum + ids.length, 0);
}

/**
 * Starts the load against `target()` (the current server's URL: it may change on a restart) and
 * returns `stop()`, which resolves once every request in flight has ended.
 */
export function startWorkload({ target, students, pending, webhookSecret, ledger }) {
  let running = true;
  const events = pending.map((student, index) => ({
    registrationId: student.registrationId,
    payload: paidCheckoutEvent(student, `evt_faults_${index}_${Date.now().toString(36)}`),
  }));

  const call = async (label, path, init) => {
    const startedAt = Date.now();
    const started = performance.now();
    const outcome = await fetch(`${target()}${path}`, {
      ...init,
      signal: AbortSignal.timeout(HANG_MS + 5_000),
    }).then(
      async (response) => ({ response, body: await response.json().catch(() => undefined) }),
      (error) => ({ error }),
    );
    record(ledger, label, startedAt, performance.now() - started, outcome);
    return outcome.response?.ok ? outcome.body : undefined;
  };

  /** Sends the next payment event; one not acknowledged goes back in the queue. */
  const sendPayment = async () => {
    const event = events.shift();
    if (!event) return true;
    const answer = await call(
      'POST /api/billing/webhook',
      '/api/billing/webhook',
      webhookRequest(webhookSecret, event.payload),
    );
    if (answer) ledger.acknowledged.payments.push(event.registrationId);
    else events.push(event);
    return Boolean(answer);
  };

  const studentLoop = async (student) => {
    const post = (body) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: student.cookie },
      body: JSON.stringify(body),
    });
    let starts = 0;
    for (let round = 0; running; round += 1) {
      let failed = false;
      if (starts < STARTS_PER_STUDENT) {
        starts += 1;
        const started = await call(
          'POST /api/study/sessions',
          '/api/study/sessions',
          post({
            registrationId: student.registrationId,
            mode: 'multiple_choice',
            difficulty: 'easy',
          }),
        );
        if (started) {
          ledger.acknowledged.starts.push(started.id);
          const saved = await call(
            'POST /api/study/sessions/:id/complete',
            `/api/study/sessions/${started.id}/complete`,
            post({ score: 1, answered: 1 }),
          );
          if (saved) ledger.acknowledged.sessions.push(saved.id);
          else failed = true;
        } else failed = true;
      }
      const material = await call('POST /api/materials/files', '/api/materials/files', {
        method: 'POST',
        headers: { cookie: student.cookie, 'x-file-name': `notes-${round}.txt` },
        body: NOTES.repeat(10),
      });
      if (material) ledger.acknowledged.materials.push(material.id);
      if (!material || !(await sendPayment())) failed = true;
      if (failed) await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS));
    }
  };

  const loops = students.map(studentLoop);
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

function record(ledger, label, startedAt, ms, { response, body, error }) {
  ledger.answers.push({
    label,
    startedAt,
    endedAt: Date.now(),
    status: response?.status,
    error: error && (error.cause?.code ?? error.name),
  });
  ledger.slowestMs = Math.max(ledger.slowestMs, ms);
  if (ms > HANG_MS) ledger.hung += 1;
  if (error || !response) {
    if (error?.name !== 'TimeoutError') ledger.interrupted += 1;
    return;
  }
  if (response.ok) return;
  if (response.status === 503 && body?.error?.code === 'unavailable' && body.error.message) {
    ledger.unavailable += 1;
    return;
  }
  ledger.unexpected.push(`${label} ${response.status} ${body?.error?.code ?? ''}`.trim());
}

/** The ledger's failures in a few words, for the summary line. */
export function describeFailures(ledger) {
  const counts = new Map();
  for (const failure of ledger.unexpected) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  return [...counts].map(([failure, count]) => `${count}× ${failure}`).join(', ');
}
