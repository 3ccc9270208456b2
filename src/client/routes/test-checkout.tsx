import { useQuery } from '@tanstack/react-query';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BILLING_MESSAGES, testCardSchema } from '#shared/contracts/billing';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { testCheckoutQuery, usePayTestCheckout } from '../features/billing/billing-api';
import { ApiRequestError, messageOf } from '../lib/api-error';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

type Errors = { cardNumber?: string; expiry?: string; cvc?: string };

/**
 * The built-in test checkout (decisions.md section 3): the stand-in for Stripe's hosted page when
 * no Stripe key is set. Paying sends a signed event to our webhook, as Stripe would.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useQuery(testCheckoutQuery(sessionId));
  const pay = usePayTestCheckout(sessionId);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string>();

  const onPay = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testCardSchema.safeParse(card);
    if (!parsed.success) {
      const found: Errors = fieldErrorsOf(parsed.error);
      setErrors(found);
      document.getElementById(Object.keys(found)[0] ?? 'cardNumber')?.focus();
      return;
    }
    setErrors({});
    setProblem(undefined);
    pay.mutate(card, {
      onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
      onError: (error) => {
        setProblem(messageOf(error, BILLING_MESSAGES.checkoutFailed));
        const fields = error instanceof ApiRequestError ? error.fields : {};
        setErrors(fields);
        document.getElementById(Object.keys(fields)[0] ?? 'cardNumber')?.focus();
      },
    });
  };

  if (checkout.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Opening the checkout..." />
      </div>
    );
  }
  if (checkout.isError || checkout.data.status !== 'open') {
    return (
      <div className="mx-auto mt-16 max-w-lg">
        <Alert tone="error">
          {checkout.isError ? checkout.error.message : BILLING_MESSAGES.sessionClosed}
        </Alert>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => void navigate(paths.paymentVerification)}
        >
          Back to the payment page
        </Button>
      </div>
    );
  }

  const amount = money.format(checkout.data.amount / 100);
  const field = (name: keyof Errors) => ({
    id: name,
    value: card[name],
    error: errors[name],
    onChange: (change: { target: { value: string } }) =>
      setCard((current) => ({ ...current, [name]: change.target.value })),
  });

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Checkout" />
      <div className="mb-6 flex items-start gap-3 rounded-[var(--radius-control)] border border-warning/60 bg-warning/10 px-4 py-3">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden="true" />
        <p className="text-sm">
          <strong>Test mode, no real charge.</strong> Card 4242 4242 4242 4242 pays; 4000 0000 0000
          0002 is declined. Any future expiry and any 3 digits work.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold">Order summary</h2>
          <p className="text-ink-muted">{checkout.data.description}</p>
          <dl className="grid grid-cols-[1fr_auto] gap-y-2 tabular-nums">
            <dt>Yearly access</dt>
            <dd>{amount}</dd>
            <dt className="text-ink-muted">Tax (not computed in test mode)</dt>
            <dd className="text-ink-muted">{money.format(0)}</dd>
            <dt className="border-t border-white/15 pt-2 font-semibold">Total due today</dt>
            <dd className="border-t border-white/15 pt-2 font-semibold">{amount}</dd>
          </dl>
          <p className="text-sm text-ink-muted">Renews yearly. Access for one year from today.</p>
        </Card>
        <Card>
          <form noValidate onSubmit={onPay} className="flex flex-col gap-5">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <CreditCard className="h-5 w-5 text-accent" aria-hidden="true" /> Pay with card
            </h2>
            {problem && <Alert tone="error">{problem}</Alert>}
            <TextField
              {...field('cardNumber')}
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              placeholder="4242 4242 4242 4242"
              required
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                {...field('expiry')}
                label="Expiry (MM/YY)"
                autoComplete="cc-exp"
                maxLength={7}
                placeholder="12/30"
                required
              />
              <TextField
                {...field('cvc')}
                label="CVC"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                placeholder="123"
                required
              />
            </div>
            <Button type="submit" busy={pay.isPending} busyLabel="Processing..." className="w-full">
              <Lock className="h-4 w-4" aria-hidden="true" /> Pay {amount}
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
