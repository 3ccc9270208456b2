/**
 * A job queue that takes turns between owners (round-robin): each owner's jobs keep their order,
 * and the next job is always the oldest of the owner whose turn it is. One student who uploads a
 * hundred files therefore waits for their own files, not everyone else: a second student's one
 * file is taken right after the job in progress, never behind the other's 99 still queued.
 */
export class FairQueue<Job> {
  /** Owners with jobs waiting, in turn order (a Map keeps insertion order). */
  private readonly byOwner = new Map<string, Job[]>();
  private count = 0;
  private lastServed: string | undefined;

  get size(): number {
    return this.count;
  }

  push(owner: string, job: Job): void {
    const jobs = this.byOwner.get(owner);
    if (jobs) jobs.push(job);
    else this.byOwner.set(owner, [job]);
    this.count += 1;
  }

  /** The next job: the oldest of the first owner in turn, who then goes to the back of the line. */
  shift(): Job | undefined {
    const owners = this.byOwner.keys();
    let owner = owners.next().value;
    if (owner === undefined) return undefined;
    // The owner served last is at the front only if they were alone then; whoever came since
    // goes first.
    if (owner === this.lastServed) owner = owners.next().value ?? owner;
    const jobs = this.byOwner.get(owner)!;
    const job = jobs.shift()!;
    this.byOwner.delete(owner);
    if (jobs.length > 0) this.byOwner.set(owner, jobs);
    this.lastServed = owner;
    this.count -= 1;
    return job;
  }

  clear(): void {
    this.byOwner.clear();
    this.count = 0;
    this.lastServed = undefined;
  }
}
