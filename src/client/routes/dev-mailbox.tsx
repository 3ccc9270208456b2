import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Inbox, Mail, RefreshCw } from 'lucide-react';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FIELD_MAX } from '#shared/limits';
import { paths } from '#shared/routes';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';

/** One mail as GET /api/dev/mailbox returns it (src/server/features/dev-mailbox). */
type MailboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};
type MailboxResponse = { mails: MailboxMail[] };

/** The server answers at most this many mails per request (its default). */
const PAGE_SIZE = 50;
const FILTER_DELAY_MS = 300;
const POLL_MS = 5_000;

const OFF_MESSAGE =
  'The development mailbox is off: mails are sent over SMTP, or this is production.';

class MailboxError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function fetchMailbox(filter: string, signal: AbortSignal): Promise<MailboxResponse> {
  const query = filter ? `?${new URLSearchParams({ toContains: filter })}` : '';
  let response: Response;
  try {
    response = await fetch(`/api/dev/mailbox${query}`, {
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new MailboxError(
      undefined,
      'The server could not be reached. Check that StarPrep is running, then press Refresh.',
    );
  }
  if (response.status === 404) throw new MailboxError(404, OFF_MESSAGE);
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      { error?: { message?: string } } | undefined;
    throw new MailboxError(
      response.status,
      body?.error?.message ?? 'The mailbox could not be loaded. Press Refresh to try again.',
    );
  }
  return (await response.json()) as MailboxResponse;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** http(s) links in a text part: the sandboxed preview cannot open its own links. */
function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

/**
 * /dev/mailbox: the mails the outbox mailer kept instead of sending (decisions.md section 3),
 * newest first. Development only: the server mounts the API only for the outbox outside
 * production, and this page says so when it is not there.
 */
export function DevMailboxPage() {
  const [filterInput, setFilterInput] = useState('');
  const [filter, setFilter] = useState('');
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const filterId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setFilter(filterInput.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterInput]);

  const mailbox = useQuery({
    queryKey: ['dev-mailbox', filter],
    queryFn: ({ signal }) => fetchMailbox(filter, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    // New mail shows up by itself while the page is open; a mailbox that is off is not polled.
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_MS),
    retry: (failures, error) =>
      !(error instanceof MailboxError && error.status !== undefined && error.status < 500) &&
      failures < 1,
  });

  const mails = mailbox.data?.mails ?? [];
  const off = mailbox.error instanceof MailboxError && mailbox.error.status === 404;
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];

  const select = (id: string) => {
    setSelectedId(id);
    // One column (phones): bring the mail into view; side by side it is already visible.
    if (!window.matchMedia('(min-width: 64rem)').matches) {
      requestAnimationFrame(() => detailHeading.current?.focus());
    }
  };

  return (
    <section aria-labelledby="dev-mailbox-title" className="pt-10 sm:pt-12">
      <title>Development mailbox · StarPrep</title>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 id="dev-mailbox-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Development mailbox
          </h1>
          {!off && (
            <p className="mt-2 max-w-2xl text-ink-muted">
              The mails StarPrep would have sent, kept on this machine because no SMTP server is set
              (SMTP_URL). Newest first; new mails appear by themselves.
            </p>
          )}
        </div>
        <form
          role="search"
          aria-label="Mailbox"
          className="flex w-full flex-wrap items-end gap-3 lg:w-auto lg:flex-nowrap"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter(filterInput.trim());
          }}
        >
          <div className="min-w-0 flex-1 lg:w-72 lg:flex-none">
            <label htmlFor={filterId} className="block text-sm font-medium text-ink-muted">
              Filter by recipient
            </label>
            <input
              id={filterId}
              type="search"
              value={filterInput}
              onChange={(event) => setFilterInput(event.target.value)}
              maxLength={FIELD_MAX.email}
              placeholder="name@example.com"
              autoComplete="off"
              spellCheck={false}
              className="mt-1 h-11 w-full rounded-[var(--radius-control)] border border-white/40 bg-white/5 px-3 text-ink placeholder:text-ink-muted focus-visible:border-accent"
            />
          </div>
          <button
            type="button"
            className={buttonVariants.secondary}
            onClick={() => void mailbox.refetch()}
            aria-busy={mailbox.isFetching}
          >
            <RefreshCw
              className={`h-4 w-4 ${mailbox.isFetching ? 'animate-spin' : ''}`}
              aria-hidden="true"
            />
            <span className="sr-only sm:not-sr-only">Refresh</span>
          </button>
        </form>
      </div>

      <div className="mt-8">
        {mailbox.isPending ? (
          <Card className="flex justify-center">
            <Spinner label="Loading mails..." />
          </Card>
        ) : mailbox.isError ? (
          <MailboxProblem error={mailbox.error} />
        ) : mails.length === 0 ? (
          <EmptyMailbox
            filter={filter}
            onClearFilter={() => {
              setFilterInput('');
              setFilter('');
            }}
          />
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <Card className="min-w-0 p-3! lg:self-start">
              <p className="px-3 pt-1 pb-2 text-sm text-ink-muted" aria-live="polite">
                {mails.length === 1 ? '1 mail' : `${mails.length} mails`}
                {mails.length >= PAGE_SIZE && ` (the newest ${PAGE_SIZE})`}
                {filter && ` for “${filter}”`}
              </p>
              <ul className="flex flex-col gap-1">
                {mails.map((mail) => {
                  const current = mail.id === selected?.id;
                  return (
                    <li key={mail.id}>
                      <button
                        type="button"
                        onClick={() => select(mail.id)}
                        aria-current={current ? 'true' : undefined}
                        className={`w-full rounded-[var(--radius-control)] border px-3 py-2.5 text-left transition-colors ${
                          current
                            ? 'border-accent/70 bg-white/15'
                            : 'border-transparent hover:bg-white/10'
                        }`}
                      >
                        <span className="block truncate font-semibold">{mail.to}</span>
                        <span className="block truncate text-ink-muted">{mail.subject}</span>
                        <time
                          dateTime={mail.createdAt}
                          className="mt-0.5 block text-sm text-ink-muted tabular-nums"
                        >
                          {timeFormat.format(new Date(mail.createdAt))}
                        </time>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </Card>
            {selected && <MailView mail={selected} headingRef={detailHeading} />}
          </div>
        )}
      </div>
    </section>
  );
}

function MailView({
  mail,
  headingRef,
}: {
  mail: MailboxMail;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const links = linksIn(mail.text);
  return (
    <Card className="min-w-0">
      <article aria-labelledby="dev-mailbox-subject">
        <h2
          id="dev-mailbox-subject"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-2xl font-bold wrap-anywhere"
        >
          {mail.subject}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">To</dt>
          <dd className="wrap-anywhere">{mail.to}</dd>
          <dt className="text-ink-muted">Received</dt>
          <dd className="tabular-nums">
            <time dateTime={mail.createdAt}>{timeFormat.format(new Date(mail.createdAt))}</time>
          </dd>
        </dl>

        <h3 className="mt-6 text-lg font-semibold">Text part</h3>
        <pre className="mt-2 overflow-x-auto rounded-[var(--radius-control)] border border-white/15 bg-night-950/60 p-4 font-mono text-sm leading-6 whitespace-pre-wrap wrap-anywhere">
          {mail.text}
        </pre>
        {links.length > 0 && (
          <div className="mt-3 text-sm">
            <p className="text-ink-muted">
              Links in this mail (the preview below cannot open them):
            </p>
            <ul className="mt-1 space-y-1">
              {links.map((link) => (
                <li key={link}>
                  <a href={link} className="text-accent underline wrap-anywhere hover:text-ink">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}

        <h3 className="mt-6 text-lg font-semibold">HTML part</h3>
        <MailPreview key={mail.id} mail={mail} />
      </article>
    </Card>
  );
}

/**
 * The HTML part, in a sandboxed frame: no scripts, forms, pop-ups or navigation of this page.
 *
 * A srcdoc document inherits this page's Content-Security-Policy, whose style-src has no
 * 'unsafe-inline' (unless the translate widget is on): the mail's style attributes and <style>
 * elements would be dropped, each with a console error (even parsing them with DOMParser reports
 * one). So they are renamed in the markup before it goes into the frame, and applied afterwards
 * through the CSSOM, which the CSP does not govern. That needs the frame to share this page's
 * origin (allow-same-origin); without allow-scripts nothing in the mail can run, so it still
 * cannot reach this page.
 */
function MailPreview({ mail }: { mail: MailboxMail }) {
  const prepared = useMemo(() => prepareMailHtml(mail.html), [mail.html]);
  const [styled, setStyled] = useState(false);
  return (
    <iframe
      title={`HTML part of “${mail.subject}”`}
      sandbox="allow-same-origin"
      srcDoc={prepared.srcDoc}
      referrerPolicy="no-referrer"
      onLoad={(event) => {
        applyMailStyles(event.currentTarget, prepared.styleSheets);
        setStyled(true);
      }}
      className={`mt-2 h-[36rem] w-full rounded-[var(--radius-control)] border border-white/15 bg-white ${styled ? '' : 'invisible'}`}
    />
  );
}

const STYLE_ATTRIBUTE = 'data-mail-style';

/** An opening tag, with its attributes (quoted values may hold any character but their quote). */
const openingTag =
  /<[a-zA-Z][^\s/>]*(?:\s+[^\s/>="']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;
/** One attribute inside an opening tag, found after the tag's name. */
const tagAttribute = /(\s+)([^\s/>="']+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const styleElement = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * The mail's markup with every style attribute renamed and every <style> element taken out
 * (its text returned apart). Works on the text: parsing it in this page would already apply
 * the CSP. A tag this does not recognise keeps its styles, which the CSP then drops.
 */
function prepareMailHtml(html: string): { srcDoc: string; styleSheets: string[] } {
  const styleSheets: string[] = [];
  const withoutStyleElements = html.replace(styleElement, (_match, css: string) => {
    styleSheets.push(css);
    return '';
  });
  const srcDoc = withoutStyleElements.replace(openingTag, (tag) => {
    const nameEnd = tag.search(/[\s/>]/);
    return (
      tag.slice(0, nameEnd) +
      tag
        .slice(nameEnd)
        .replace(tagAttribute, (attribute, space: string, name: string, value = '') =>
          name.toLowerCase() === 'style' ? `${space}${STYLE_ATTRIBUTE}${value}` : attribute,
        )
    );
  });
  return { srcDoc, styleSheets };
}

function applyMailStyles(frame: HTMLIFrameElement, styleSheets: string[]) {
  const document = frame.contentDocument;
  const view = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!document || !view) return;
  document.querySelectorAll<HTMLElement>(`[${STYLE_ATTRIBUTE}]`).forEach((element) => {
    element.style.cssText = element.getAttribute(STYLE_ATTRIBUTE) ?? '';
  });
  if (styleSheets.length > 0) {
    document.adoptedStyleSheets = styleSheets.map((css) => {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
  }
}

function EmptyMailbox({ filter, onClearFilter }: { filter: string; onClearFilter: () => void }) {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <Inbox className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
      {filter ? (
        <>
          <p className="mt-4 text-lg wrap-anywhere">
            No mails to an address containing “{filter}”.
          </p>
          <button
            type="button"
            className={`${buttonVariants.secondary} mt-6`}
            onClick={onClearFilter}
          >
            Show all mails
          </button>
        </>
      ) : (
        <>
          <p className="mt-4 text-lg">No mails yet. Register to receive a confirmation code.</p>
          <Link to={paths.examRegistration} className={`${buttonVariants.primary} mt-6`}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            Register
          </Link>
        </>
      )}
    </Card>
  );
}

function MailboxProblem({ error }: { error: Error }) {
  const message =
    error instanceof MailboxError
      ? error.message
      : 'The mailbox could not be loaded. Press Refresh to try again.';
  return (
    <Card role="alert" className="mx-auto flex max-w-xl items-start gap-3">
      <AlertTriangle className="mt-0.5 h-6 w-6 shrink-0 text-warning" aria-hidden="true" />
      <p>{message}</p>
    </Card>
  );
}

export default DevMailboxPage;
