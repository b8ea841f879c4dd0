import { TagListEditor, type TagListProps } from '../../../../shared/widgets/tag-search/tag-list-editor';

export type CandidateTagsProps = TagListProps;

/**
 * A candidate's tags: each removable; '+' opens the tag search, which offers 'Create and add tag: {text}' only when
 * the licence's tags rule lets this user create tags (SPEC sections 5 and 6).
 */
export const CandidateTags = (props: CandidateTagsProps) => (
  <TagListEditor {...props} badge={{ variant: 'outline', color: 'indigo.9' }} section="jobOffer.panel" />
);
