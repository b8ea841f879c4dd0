import type { CareersSite } from './careers.queries.ts';

/** A failure of a careers page, answered as a page in the visitor's language (the scope's error handler). */
export class PageError extends Error {
  readonly status: 400 | 404;
  readonly site: CareersSite | undefined;
  readonly reason: 'offerGone' | 'siteMissing' | 'badRequest';
  constructor(status: PageError['status'], site: CareersSite | undefined, reason: PageError['reason']) {
    super(reason);
    this.status = status;
    this.site = site;
    this.reason = reason;
  }
}
