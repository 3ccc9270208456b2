// The people of a fault run: paid students who study and upload, and students whose
// registration waits for its payment event. Made through the API, four at a time.
import { paidStudent, pendingStudent, pool } from '../bench/accounts.mjs';

export async function makeStudents(url, { paid, pending }) {
  const students = [];
  const unpaid = [];
  await pool(Array.from({ length: paid }), 4, async () => students.push(await paidStudent(url)));
  await pool(Array.from({ length: pending }), 4, async () =>
    unpaid.push(await pendingStudent(url)),
  );
  return { students, pending: unpaid };
}
