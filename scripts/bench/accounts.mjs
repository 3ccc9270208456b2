// Helpers for the accounts benchmarks: sign up and confirm students on a running server, reading
// the codes from the development outbox. Each sign-up claims its own client address
// (X-Forwarded-For, honoured because the bench server runs with TRUST_PROXY=on), so the per-IP
// sign-up cap does not stop a benchmark that creates hundreds of students from one machine.

let counter = 0;

export function registrationFor(email) {
  return {
    examCategory: 'legal',
    examType: 'Bar Exam',
    country: 'United States',
    examState: 'New York',
    examDate: `${new Date().getFullYear() + 1}-06-15`,
    firstName: 'Bench',
    lastName: 'Student',
    email,
    password: 'Analytical1843',
    phone: '+1 555 010 2030',
    zipCode: '12207',
    educationLevel: "Bachelor's Degree",
  };
}

export function uniqueEmail() {
  counter += 1;
  return `bench.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

let addresses = 0;
/** A new client address per request, so no per-address cap is ever reached. */
function clientAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export async function signUp(url, email) {
  const response = await fetch(`${url}/api/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(registrationFor(email)),
  });
  if (response.status !== 201)
    throw new Error(`sign-up: ${response.status} ${await response.text()}`);
}

export async function mailedCode(url, email) {
  const response = await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`);
  const { mails } = await response.json();
  return mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
}

export async function confirm(url, email) {
  const code = await mailedCode(url, email);
  const response = await fetch(`${url}/api/registration/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email, otp: code }),
  });
  if (response.status !== 200)
    throw new Error(`confirm: ${response.status} ${await response.text()}`);
  const { user } = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { userId: user.id, cookie };
}

/** A confirmed student whose registration is not paid yet: what a payment event activates. */
export async function pendingStudent(url) {
  const email = uniqueEmail();
  await signUp(url, email);
  const { userId, cookie } = await confirm(url, email);
  const latest = await fetch(`${url}/api/registration/latest`, { headers: { cookie } });
  const { registration } = await latest.json();
  return { email, userId, cookie, registrationId: registration.id };
}

/** A student who also paid on the built-in test checkout with 4242…, as a person would. */
export async function paidStudent(url) {
  const student = await pendingStudent(url);
  const post = (path, body) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: student.cookie },
      body: JSON.stringify(body),
    });
  const checkout = await post('/api/billing/checkout', {});
  if (!checkout.ok) throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
  const sessionId = (await checkout.json()).url.split('/checkout/test/')[1];
  const paid = await post(`/api/billing/test-checkout/${sessionId}/pay`, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${await paid.text()}`);
  return student;
}

/** Runs `work` over `items` with `limit` at a time. */
export async function pool(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`;
}
