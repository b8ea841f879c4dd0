/**
 * The API requests one process runs at once (issue 29 item 5, decision 211): `max` slots, and a first-come
 * first-served line for the next requests, each waiting at most `waitMs` for a slot. A request that cannot start
 * in time is refused (the caller answers 503 with Retry-After), so under saturation the answers stay bounded: a
 * served request waited at most `waitMs`, a refused one is told at once to come back, and nothing queues without
 * bound. A slot freed while someone waits goes to the first in line, never back to the count, so a newcomer
 * cannot overtake the line.
 */
export class RequestSlots {
  private running = 0;
  private readonly line: Array<{ admit: (admitted: boolean) => void; timer: NodeJS.Timeout }> = [];

  private readonly max: number;
  private readonly waitMs: number;

  constructor(max: number, waitMs: number) {
    this.max = max;
    this.waitMs = waitMs;
  }

  /** How many run and how many wait (tests, metrics). */
  get counts() {
    return { running: this.running, waiting: this.line.length };
  }

  /**
   * Resolves true once the request holds a slot (it must call `release()` exactly once when its answer is
   * over), false if none came within `waitMs`. `cancelled` fires when the client went away while waiting: the
   * place in line is given up and the promise resolves false.
   */
  acquire(cancelled?: (giveUp: () => void) => void): Promise<boolean> | true {
    if (this.running < this.max) {
      this.running += 1;
      return true;
    }
    if (this.waitMs === 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const place = {
        admit: (admitted: boolean) => {
          clearTimeout(place.timer);
          resolve(admitted);
        },
        timer: setTimeout(() => this.leave(place), this.waitMs),
      };
      this.line.push(place);
      cancelled?.(() => this.leave(place));
    });
  }

  /** A slot's request is over: the first in line takes the slot, else it is free again. */
  release() {
    const next = this.line.shift();
    if (next) next.admit(true);
    else this.running -= 1;
  }

  private leave(place: (typeof this.line)[number]) {
    const index = this.line.indexOf(place);
    if (index === -1) return;
    this.line.splice(index, 1);
    place.admit(false);
  }
}
