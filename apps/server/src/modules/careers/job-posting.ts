import type { CONTRACT_TYPES } from '@vivier/contract';
import type { CareersSite, PublicOffer } from './careers.queries.ts';

type Contract = (typeof CONTRACT_TYPES)[number];

/**
 * schema.org's employmentType of each contract. schema.org has no "permanent": we store no working hours, so a
 * permanent contract is said FULL_TIME, the common case (decision 190); an apprenticeship is OTHER.
 */
const EMPLOYMENT_TYPE: Record<Contract, string> = {
  permanent: 'FULL_TIME',
  fixed_term: 'TEMPORARY',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  apprenticeship: 'OTHER',
  freelance: 'CONTRACTOR',
};

export type PostingOffer = PublicOffer & { description: string; createdAt: Date };

/**
 * The schema.org JobPosting of a public offer (issue 23), what search engines read: Google's required
 * properties (title, description, datePosted, hiringOrganization, and jobLocation, or for a remote offer
 * jobLocationType TELECOMMUTE with applicantLocationRequirements) and the recommended ones we hold.
 */
export function jobPosting(
  site: CareersSite,
  offer: PostingOffer,
  urls: { page: string; site: string; logo?: string },
) {
  const remote = offer.workplace === 'remote';
  const address = {
    '@type': 'PostalAddress',
    ...(offer.city ? { addressLocality: offer.city } : {}),
    ...(offer.country ? { addressCountry: offer.country } : {}),
  };
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: offer.name,
    // Sanitised rich text: schema.org and Google accept HTML here.
    description: offer.description || offer.name,
    datePosted: (offer.publishedAt ?? offer.createdAt).toISOString(),
    url: urls.page,
    identifier: { '@type': 'PropertyValue', name: site.organisation, value: offer.publicSlug },
    hiringOrganization: {
      '@type': 'Organization',
      name: site.organisation,
      sameAs: urls.site,
      ...(urls.logo ? { logo: urls.logo } : {}),
    },
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          ...(offer.country
            ? { applicantLocationRequirements: { '@type': 'Country', name: offer.country } }
            : {}),
        }
      : { jobLocation: { '@type': 'Place', address } }),
    ...(offer.contractType ? { employmentType: EMPLOYMENT_TYPE[offer.contractType] } : {}),
    ...(offer.salaryCurrency && (offer.salaryMin !== null || offer.salaryMax !== null)
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: offer.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              ...(offer.salaryMin !== null ? { minValue: offer.salaryMin } : {}),
              ...(offer.salaryMax !== null ? { maxValue: offer.salaryMax } : {}),
              // The salary fields are yearly amounts (decision 190).
              unitText: 'YEAR',
            },
          },
        }
      : {}),
    // The page itself carries the apply form (decision 191).
    directApply: true,
  };
}
