// The study sessions: --sessions of them, spread over the paid registrations' learners.
import { performance } from 'node:perf_hooks';
import { DIFFICULTIES, STUDY_MODES } from '../../../src/shared/enums';
import { format, seconds } from '../progress';
import { nowSql, type Seed } from '../seed';
import { orderedUuid, pick, rnd, V, weighted } from '../sql-values';

/** Study sessions per INSERT statement: one statement's progress line every few seconds. */
const SESSIONS_PER_STATEMENT = 1_000_000;

/**
 * The sessions go to about 85 % of the paid registrations, a skewed number each (an exponential
 * weight: many light learners, a few heavy ones), exactly --sessions in all. A temporary table
 * gives each learner its range of session numbers [first, next), so each INSERT takes a range of
 * learners with a lateral generate_series instead of a join. Unlike the other tables, sessions are
 * written in session-number order, not in time order: sorting 10 million rows would cost more
 * than anything else here, and no admin query reads this table.
 */
export async function seedStudySessions(seed: Seed): Promise<number> {
  if (seed.sessions === 0) return 0;
  const r = 'substr(e.payment_id, 9)::int8';
  await seed.session.exec(`
    drop table if exists seed_learners;
    create temp table seed_learners as
    with weighted as (
      select row_number() over (order by e.id) as idx, e.id, e.user_id, e.updated_at as paid,
             -- numeric, so the running sum of the last learner equals the total exactly.
             (-ln(1 - ${rnd(r, 41)}))::numeric(20, 12) as weight
      from exam_registrations e
      where e.payment_status = ${V.completed} and e.payment_id like 'cs_seed_%' and ${rnd(r, 40)} < 0.85
    ), cumulative as (
      select *, sum(weight) over (order by idx) as upto, sum(weight) over () as total from weighted
    )
    select idx, id, user_id, paid,
           floor(${seed.sessions} * (upto - weight) / total)::int8 + 1 as first,
           floor(${seed.sessions} * upto / total)::int8 + 1 as next
    from cumulative;
    create index on seed_learners (idx);
    analyze seed_learners;`);
  const [learners] = await seed.session.rows<{ count: string }>(
    'select count(*) from seed_learners',
  );
  const learnerCount = Number(learners?.count ?? 0);
  if (learnerCount === 0) {
    console.log('  no paid registrations: no study sessions');
    return 0;
  }
  const s = 'l.first + j';
  const mode = pick(
    weighted(STUDY_MODES, { multiple_choice: 5, flashcards: 3, typing: 2 }),
    rnd(s, 42),
  );
  const difficulty = pick(weighted(DIFFICULTIES, { easy: 5, medium: 11, hard: 4 }), rnd(s, 43));
  const perStatement = Math.max(
    1,
    Math.ceil((learnerCount * SESSIONS_PER_STATEMENT) / seed.sessions),
  );
  let inserted = 0;
  for (let from = 1; from <= learnerCount; from += perStatement) {
    const to = Math.min(learnerCount, from + perStatement - 1);
    const started = performance.now();
    const result = await seed.session.rows<{ count: string }>(`
      with inserted as (
        insert into study_sessions (id, user_id, exam_registration_id, mode, difficulty, score,
          total_questions, time_spent, created_at)
        select ${orderedUuid(s, 3)}, l.user_id, l.id, mode, difficulty,
               -- A score is at most the questions: a share of them that depends on difficulty.
               floor(total * case difficulty when ${V.easy} then 0.55 + 0.45 * ${rnd(s, 45)}
                                             when ${V.medium} then 0.4 + 0.55 * ${rnd(s, 45)}
                                             else 0.25 + 0.6 * ${rnd(s, 45)} end)::int,
               total,
               total * (8 + floor(${rnd(s, 46)} * 60)::int),
               -- Some time in the paid year, and not in the future.
               l.paid + least(${nowSql(seed)} - l.paid, interval '365 days') * ${rnd(s, 47)}
        from seed_learners l
        cross join lateral generate_series(0, l.next - l.first - 1) as j
        cross join lateral (select ${mode} as mode, ${difficulty} as difficulty) as kind
        cross join lateral (select case mode when ${V.flashcards} then 20 when ${V.typing} then 10
               else (array[10, 20, 25, 50])[1 + floor(${rnd(s, 44)} * 4)::int] end as total) as size
        where l.idx between ${from} and ${to}
        order by l.idx, j
        returning 1
      )
      select count(*) from inserted`);
    inserted += Number(result[0]?.count ?? 0);
    console.log(
      `  study_sessions: ${format(inserted)} / ${format(seed.sessions)} (${seconds(started)})`,
    );
  }
  await seed.session.exec('drop table seed_learners');
  return inserted;
}
