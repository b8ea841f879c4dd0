import type { Tag } from '../../resources/tags/tag';

const normalise = (text: string): string => text.trim().toLowerCase();

/**
 * SPEC section 5: the tag search is a case-insensitive substring of the name and leaves out the tags already on
 * the offer.
 */
export function searchTags(allTags: Tag[], onOffer: Tag[], text: string): Tag[] {
  const needle = normalise(text);
  const taken = new Set(onOffer.map((tag) => tag.id));
  return allTags.filter((tag) => !taken.has(tag.id) && tag.name.toLowerCase().includes(needle));
}

/** SPEC section 5: Enter adds a tag only when one of the tags not yet on the offer has exactly this name. */
export function exactTagForEnter(allTags: Tag[], onOffer: Tag[], text: string): Tag | undefined {
  const needle = normalise(text);
  if (needle === '') return undefined;
  return searchTags(allTags, onOffer, text).find((tag) => tag.name.toLowerCase() === needle);
}

/**
 * 'Create and add tag: {text}' is offered for a non-empty name no tag has yet (ignoring case): an empty name is
 * never submitted (SPEC section 5).
 */
export function canCreateTag(allTags: Tag[], text: string): boolean {
  const needle = normalise(text);
  return needle !== '' && !allTags.some((tag) => tag.name.toLowerCase() === needle);
}
