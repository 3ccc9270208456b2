// The users: a name from the weighted name lists, signed up over the last two years.
import { nowSql, type Seed } from '../seed';
import { pick, rnd, V } from '../sql-values';
import {
  COMMON_LAST_NAMES,
  FIRST_NAMES,
  RARE_LAST_NAMES,
  UNCOMMON_LAST_NAMES,
} from '../synthetic-data';

/** users.id of user n, zero-padded: sorting by id sorts by n. */
function userIdSql(seed: Seed, n: string) {
  return `'seed-' || lpad((${n})::text, ${Math.max(7, String(seed.users).length)}, '0')`;
}

export async function seedUsers(seed: Seed): Promise<number> {
  const lastName = `case
      when ${rnd('n', 2)} < 0.95 then ${pick(COMMON_LAST_NAMES, rnd('n', 3))}
      when ${rnd('n', 2)} < 0.999 then ${pick(UNCOMMON_LAST_NAMES, rnd('n', 3))}
      else ${pick(RARE_LAST_NAMES, rnd('n', 3))}
    end`;
  // Sign-ups grow over the two years: age = 730 days x u^1.25 puts more of them in recent months.
  // Rows are written in sign-up order, as the app writes them: a table's physical order follows
  // created_at, which the admin's newest-first pages and export read along.
  await seed.session.exec(`
    insert into users (id, name, email, email_verified, role, created_at, updated_at)
    select ${userIdSql(seed, 'n')}, first || ' ' || last,
           lower(first) || '.' || lower(last) || '.' || n || '@example.com',
           true, ${V.user}, joined, joined
    from (
      select n, ${nowSql(seed)} - interval '730 days' * power(${rnd('n', 4)}, 1.25) as joined
      from generate_series(1, ${seed.users}) as n
      order by joined
    ) as signup
    cross join lateral (
      select ${pick(FIRST_NAMES, rnd('n', 1))} as first, ${lastName} as last
    ) as person`);
  return seed.users;
}
