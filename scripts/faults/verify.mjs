// After a fault: is every acknowledged write in the database, and is nothing half-written?
// `query(sql, params)` returns rows, from pg or PGlite alike; `uploadsDir` is the server's
// DATA_DIR/uploads, where a material's file must be.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Returns { lost, halfWritten, details }: details name what was lost or half-written. */
export async function checkWrites(query, ledger, { uploadsDir }) {
  const { starts, sessions, materials, payments } = ledger.acknowledged;
  const details = [];
  const missing = async (what, ids, sql) => {
    const found = new Set((await query(sql, [ids])).map((row) => row.id));
    const lost = ids.filter((id) => !found.has(id));
    if (lost.length > 0)
      details.push(`${lost.length} ${what} lost (${lost.slice(0, 3).join(', ')})`);
    return lost.length;
  };
  const lost =
    (await missing(
      'session starts',
      starts,
      'select id from study_session_starts where id = any($1::uuid[])',
    )) +
    (await missing(
      'saved sessions',
      sessions,
      'select id from study_sessions where id = any($1::uuid[])',
    )) +
    (await missing(
      'materials',
      materials,
      'select id from study_materials where id = any($1::uuid[])',
    )) +
    (await missing(
      'payments',
      payments,
      `select r.id from exam_registrations r
        where r.id = any($1::uuid[]) and r.payment_status = 'completed'
          and exists (select 1 from subscriptions s
                       where s.exam_registration_id = r.id and s.status = 'active')`,
    ));

  // Half-written: a material whose file is not stored, a paid registration without its year of
  // access, a year of access whose registration is not marked paid.
  const rows = await query('select id, file_url from study_materials', []);
  const withoutFile = rows.filter(
    (row) => !existsSync(join(uploadsDir, ...row.file_url.split('/'))),
  );
  if (withoutFile.length > 0) details.push(`${withoutFile.length} materials without their file`);
  const paidWithoutYear = await query(
    `select r.id from exam_registrations r
      where r.payment_status = 'completed'
        and not exists (select 1 from subscriptions s where s.exam_registration_id = r.id)`,
    [],
  );
  if (paidWithoutYear.length > 0)
    details.push(`${paidWithoutYear.length} payments without a subscription`);
  const yearWithoutPaid = await query(
    `select s.id from subscriptions s join exam_registrations r on r.id = s.exam_registration_id
      where r.payment_status <> 'completed'`,
    [],
  );
  if (yearWithoutPaid.length > 0)
    details.push(`${yearWithoutPaid.length} subscriptions of a registration not marked paid`);
  const halfWritten = withoutFile.length + paidWithoutYear.length + yearWithoutPaid.length;
  return { lost, halfWritten, details };
}
