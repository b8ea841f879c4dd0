/** The job offer screen's query parameter naming the candidate open in its panel. */
export const CANDIDATE_PARAM = 'candidate';

/** The address of an offer with one candidate open in the panel ('other applications', notifications). */
export const candidateInOfferPath = (jobOfferId: number, candidateId: number): string =>
  `/jobs/${jobOfferId}?${CANDIDATE_PARAM}=${candidateId}`;
