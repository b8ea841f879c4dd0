import type { z } from 'zod';
import { NamedInput, NamedRecord, namedListQuery } from './named-lists.ts';

/** A tag (SPEC section 3). */
export const Tag = NamedRecord;
export type Tag = z.infer<typeof Tag>;

/**
 * `GET /api/tags?filters[search]=java`: a paginated `listOf(Tag)` sorted by name (case-insensitive),
 * `per_page` defaults to 100 (the maximum); follow `Link: rel="next"` for more.
 */
export const TagListQuery = namedListQuery(100);
export type TagListQuery = z.input<typeof TagListQuery>;

/**
 * `POST /api/tags` and `PATCH /api/tags/{id}` body: `{name}`.
 * POST answers 201 with a new tag, or 200 with the existing one when a tag of the licence already has this
 * name ignoring case. POST answers 403 for a non-admin when `tags_rule` is `not-createable`.
 * PATCH and DELETE are admin-only (403 otherwise); PATCH to another tag's name answers 409
 * `{error: 'conflict', message: 'A tag with this name already exists'}`. DELETE answers 204 and also removes
 * the tag from every candidate and job offer.
 */
export const TagInput = NamedInput;
export type TagInput = z.input<typeof TagInput>;
