/** The address of an offer, filtered on one status when given (SPEC section 2: `?filters[statusId]=`). */
export const jobOfferPath = (jobOfferId: number, statusId?: number): string =>
  statusId === undefined ? `/jobs/${jobOfferId}` : `/jobs/${jobOfferId}?filters[statusId]=${statusId}`;

/** The status filter of the job offer screen. */
export const STATUS_FILTER_PARAM = 'filters[statusId]';
