// The exam results: --results of them, for paid registrations whose exam date has passed.
import { nowSql, type Seed } from '../seed';
import { orderedUuid, rnd, V } from '../sql-values';

/**
 * Results of paid registrations whose exam date has passed, in a shuffled (hashed) order. A
 * registration has one result (migration 0013), so there are at most as many as such registrations.
 */
export async function seedExamResults(seed: Seed): Promise<number> {
  if (seed.results === 0) return 0;
  const r = 'substr(e.payment_id, 9)::int8';
  await seed.session.exec(`
    drop table if exists seed_examined;
    create temp table seed_examined as
    select row_number() over (order by ${rnd(r, 50)}) as idx, e.id, e.user_id, e.exam_date
    from exam_registrations e
    where e.payment_status = ${V.completed} and e.payment_id like 'cs_seed_%'
      and e.exam_date < (${nowSql(seed)})::date;
    create index on seed_examined (idx);
    analyze seed_examined;`);
  const [examined] = await seed.session.rows<{ count: string }>(
    'select count(*) from seed_examined',
  );
  const candidates = Number(examined?.count ?? 0);
  if (candidates === 0) {
    console.log('  no paid registration has a past exam date: no results');
    return 0;
  }
  const results = Math.min(seed.results, candidates);
  if (results < seed.results) {
    console.log(`  ${candidates} paid registrations have a past exam date: ${results} results`);
  }
  const result = await seed.session.rows<{ count: string }>(`
    with inserted as (
      insert into exam_results (id, user_id, exam_registration_id, result, agreed_to_share,
        created_at)
      select ${orderedUuid('i', 4)}, x.user_id, x.id,
             case when ${rnd('i', 51)} < 0.6 then ${V.pass} else ${V.fail} end,
             ${rnd('i', 52)} < 0.5, x.reported
      from (
        select i, x.user_id, x.id,
               -- Reported one to three weeks after the exam, and not in the future.
               least(${nowSql(seed)},
                 x.exam_date + interval '1 day' + interval '20 days' * ${rnd('i', 53)}) as reported
        from generate_series(1, ${results}) as i
        join seed_examined x on x.idx = i
        order by reported
      ) as x
      returning 1
    )
    select count(*) from inserted`);
  await seed.session.exec('drop table seed_examined');
  return Number(result[0]?.count ?? 0);
}
