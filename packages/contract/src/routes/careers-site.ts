import { CareersSite, CareersSiteInput } from '../careers-site.ts';
import { NoContent } from '../common.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** The licence's careers site settings (issue 23, decision 189). */
export const careersSite = group(at.careersSite, ['careers site'], {
  get: {
    responses: { 200: CareersSite },
    summary: "The licence's careers site settings (a proposed slug until first saved)",
  },
  save: {
    body: CareersSiteInput,
    responses: { 200: CareersSite },
    errors: ['forbidden', 'conflict'],
    summary: "Change the licence's careers site (admins)",
  },
  uploadLogo: {
    // The body is multipart/form-data with one part named `file`, streamed to storage: not a JSON body.
    responses: { 200: CareersSite },
    errors: ['forbidden', 'bad_request', 'payload_too_large', 'unsupported_file_type'],
    summary:
      "Replace the careers site's logo (admins; PNG or JPEG, at most 1 MB, its type read from its bytes)",
    description: 'multipart/form-data with one part named `file`; PNG or JPEG, at most 1 MB.',
    consumes: ['multipart/form-data'],
  },
  removeLogo: {
    responses: { 204: NoContent },
    errors: ['forbidden'],
    summary: "Remove the careers site's logo (admins)",
  },
});
