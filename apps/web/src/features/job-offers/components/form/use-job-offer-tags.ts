import { useState } from 'react';
import type { Tag } from '../../../../shared/resources/tags/tag';
import { useAttachJobOfferTag } from '../../api/attach-job-offer-tag';
import { useDetachJobOfferTag } from '../../api/detach-job-offer-tag';
import type { JobOffer } from '../../types';

/**
 * The tags of the offer being edited (SPEC section 4, "Job offer edit"): on an existing offer a tag attaches or
 * detaches at once; on a new one they wait, and `attachPending` attaches them once the offer has its id.
 * Failures are silent (SPEC section 8): the console has them and the list stays as the server has it.
 */
export function useJobOfferTags(offer: JobOffer | undefined) {
  const [tags, setTags] = useState<Tag[]>(offer?.tags ?? []);
  const attach = useAttachJobOfferTag();
  const detach = useDetachJobOfferTag();

  const add = async (tag: Tag): Promise<void> => {
    if (tags.some((item) => item.id === tag.id)) return;
    if (!offer) {
      setTags((current) => [...current, tag]);
      return;
    }
    try {
      setTags((await attach.mutateAsync({ jobOfferId: offer.id, tagId: tag.id })).tags);
    } catch {
      // silent, see above
    }
  };

  const remove = async (tag: Tag): Promise<void> => {
    if (!offer) {
      setTags((current) => current.filter((item) => item.id !== tag.id));
      return;
    }
    try {
      setTags((await detach.mutateAsync({ jobOfferId: offer.id, tagId: tag.id })).tags);
    } catch {
      // silent, see above
    }
  };

  /** Attaches the tags chosen before the offer existed; answers the offer as the last attach left it. */
  const attachPending = async (created: JobOffer): Promise<JobOffer> => {
    let latest = created;
    for (const tag of tags) {
      try {
        latest = await attach.mutateAsync({ jobOfferId: created.id, tagId: tag.id });
      } catch {
        // silent, see above
      }
    }
    return latest;
  };

  return { tags, add, remove, attachPending, busy: attach.isPending || detach.isPending };
}
