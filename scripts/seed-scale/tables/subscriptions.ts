// The subscriptions: the year of access each completed registration paid for.
import { SUBSCRIPTION_PRICE_CENTS } from '../../../src/shared/limits';
import { nowSql, type Seed } from '../seed';
import { orderedUuid, rnd, V } from '../sql-values';

/** One year of access for each completed registration, paid when the registration completed. */
export async function seedSubscriptions(seed: Seed): Promise<number> {
  const r = 'substr(e.payment_id, 9)::int8';
  const paid = 'e.updated_at';
  const current = `${paid} + interval '1 year' > ${nowSql(seed)}`;
  // Years still running are mostly active; years that ran out mostly expired (or never updated).
  const status = `case
      when ${current} then case when ${rnd(r, 31)} < 0.9 then ${V.active}
                                when ${rnd(r, 32)} < 0.6 then ${V.canceled} else ${V.pastDue} end
      else case when ${rnd(r, 31)} < 0.5 then ${V.active}
                when ${rnd(r, 32)} < 0.8 then ${V.expired} else ${V.canceled} end
    end`;
  const result = await seed.session.rows<{ count: string }>(`
    with inserted as (
      insert into subscriptions (id, user_id, exam_registration_id, status, current_period_end,
        amount, checkout_session_id, created_at, updated_at)
      select ${orderedUuid(r, 2)}, e.user_id, e.id, ${status}, ${paid} + interval '1 year',
             -- The price, plus sales tax for about 30 % of payments.
             ${SUBSCRIPTION_PRICE_CENTS} + case when ${rnd(r, 33)} < 0.3
               then floor(${rnd(r, 34)} * ${SUBSCRIPTION_PRICE_CENTS / 10 + 1})::int else 0 end,
             -- Years paid before checkout sessions were recorded have none.
             case when ${rnd(r, 35)} < 0.97 then e.payment_id end,
             ${paid}, ${paid}
      from exam_registrations e
      where e.payment_status = ${V.completed} and e.payment_id like 'cs_seed_%'
      order by ${paid}
      returning 1
    )
    select count(*) from inserted`);
  return Number(result[0]?.count ?? 0);
}
