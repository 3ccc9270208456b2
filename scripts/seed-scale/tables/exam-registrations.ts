// The exam registrations: one or two per user, across every exam, state and payment status.
import { EDUCATION_LEVELS, US_STATES } from '../../../src/shared/catalog';
import { nowSql, type Seed } from '../seed';
import { orderedUuid, pick, rnd, textArray, V, weighted } from '../sql-values';
import { CITIES, EXAMS, FOREIGN_COUNTRIES, STATE_WEIGHTS, STREETS } from '../synthetic-data';

/**
 * One registration per user, a second one for about 10 %. Registration number r = 2n - 1 + k
 * (k = 0 first, 1 second) is what its values are hashed from; rows are written in time order.
 */
export async function seedRegistrations(seed: Seed): Promise<number> {
  const r = '(2 * u.n - 1 + u.k)';
  const abroad = `${rnd(r, 12)} < 0.05`;
  const examState = pick(weighted(US_STATES, STATE_WEIGHTS), rnd(r, 13));
  const exam = `(1 + floor(${rnd(r, 11)} * ${EXAMS.length})::int)`;
  // The first registration comes right after sign-up; a second one any time later.
  const registered = `least(${nowSql(seed)}, case when u.k = 0
      then u.created_at + interval '45 minutes' * ${rnd(r, 14)}
      else u.created_at + (${nowSql(seed)} - u.created_at) * ${rnd(r, 14)} end)`;
  const status = `case when ${rnd(r, 15)} < ${'case when u.k = 0 then 0.85 else 0.7 end'} then ${V.completed}
      when ${rnd(r, 16)} < 0.66 then ${V.pending} else ${V.failed} end`;
  const result = await seed.session.rows<{ count: string }>(`
    with inserted as (
      insert into exam_registrations (id, user_id, exam_category, exam_type, state, exam_date,
        student_info, payment_status, payment_id, created_at, updated_at)
      select ${orderedUuid(r, 1)}, u.id,
             (${textArray(EXAMS.map((e) => e.category))})[${exam}],
             (${textArray(EXAMS.map((e) => e.type))})[${exam}],
             case when ${abroad} then '' else ${examState} end,
             (${nowSql(seed)})::date + (floor(${rnd(r, 17)} * 731)::int - 365),
             jsonb_build_object(
               'firstName', split_part(u.name, ' ', 1),
               'lastName', split_part(u.name, ' ', 2),
               'email', u.email,
               'phone', '+1 555 ' || lpad((floor(${rnd(r, 18)} * 10000000))::int::text, 7, '0'),
               'address', (1 + floor(${rnd(r, 19)} * 9999))::int || ' ' || ${pick(STREETS, rnd(r, 20))},
               'city', ${pick(CITIES, rnd(r, 21))},
               'state', case when ${abroad} then '' else ${examState} end,
               'zipCode', lpad((floor(${rnd(r, 22)} * 99999))::int::text, 5, '0'),
               'country', case when ${abroad} then ${pick(FOREIGN_COUNTRIES, rnd(r, 23))}
                          else 'United States' end,
               'educationLevel', ${pick(EDUCATION_LEVELS, rnd(r, 24))}),
             u.status, case when u.status = ${V.completed} then 'cs_seed_' || ${r} end,
             u.registered,
             -- A paid registration was last updated by its payment, a few minutes later.
             case when u.status = ${V.completed}
               then least(${nowSql(seed)}, u.registered + interval '20 minutes' * ${rnd(r, 25)})
               else u.registered end
      -- Sorted by time before the wide values (student_info) are built: a narrow sort.
      from (
        select u.*, ${status} as status, ${registered} as registered
        from (
          select id, name, email, created_at, substr(id, 6)::int as n, k from users
          cross join generate_series(0, 1) as k
          where id like 'seed-%'
        ) as u
        where u.k = 0 or ${rnd('2 * u.n', 10)} < 0.1
        order by registered
      ) as u
      returning 1
    )
    select count(*) from inserted`);
  return Number(result[0]?.count ?? 0);
}
